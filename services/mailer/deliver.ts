import { mailJob } from '@dayframe/contracts';
import type { Logger } from '@dayframe/service-kit/http';
import type { JobHandler } from '@dayframe/service-kit/jobs';
import { renderMail } from './render.ts';
import type { MailTransport } from './transport.ts';
import type { SentLedger } from './sent-ledger.ts';

const DEFAULT_MAIL_FROM = 'Dayframe <no-reply@dayframe.local>';

/** The mail queue's job handler: render, send once per job id, and let failures retry. */
export function mailDelivery(deps: {
  transport: MailTransport;
  ledger: SentLedger;
  from?: string;
  log: Logger;
}): JobHandler<unknown> {
  return async (payload, job) => {
    const parsed = mailJob.safeParse(payload);
    if (!parsed.success) {
      // A malformed job can never succeed; retrying it would only delay the queue.
      deps.log.error({ jobId: job.id }, 'dropping malformed mail job');
      return;
    }
    if (await deps.ledger.has(job.id)) return;
    const mail = renderMail(parsed.data);
    await deps.transport.send({
      ...mail,
      to: parsed.data.to,
      from: deps.from ?? DEFAULT_MAIL_FROM,
      messageId: `<${job.id}@dayframe>`,
      unsubscribeUrl: 'unsubscribeUrl' in parsed.data ? parsed.data.unsubscribeUrl : undefined,
    });
    await deps.ledger.add(job.id);
    deps.log.info({ jobId: job.id, attempt: job.attempt }, 'mail sent');
  };
}
