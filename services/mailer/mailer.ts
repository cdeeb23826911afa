import { join } from 'node:path';
import { MAIL_QUEUE } from '@dayframe/contracts';
import type { Logger } from '@dayframe/service-kit/http';
import type { JobBus } from '@dayframe/service-kit/jobs';
import { mailDelivery } from './deliver.ts';
import { outboxTransport, smtpTransport } from './transport.ts';
import { memorySentLedger, redisSentLedger } from './sent-ledger.ts';
import type { MailerConfig } from './config.ts';

/** Registers the mail worker on a job bus: SMTP when `SMTP_URL` is set, else the outbox. */
export function startMailer(
  jobs: JobBus,
  config: Pick<
    MailerConfig,
    'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'NODE_ENV' | 'REDIS_URL' | 'QUEUE_PREFIX'
  >,
  log: Logger,
) {
  const transport = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL)
    : outboxTransport(join(config.DATA_DIR, 'outbox'), log, {
        production: config.NODE_ENV === 'production',
      });
  const ledger = config.REDIS_URL
    ? redisSentLedger(config.REDIS_URL, config.QUEUE_PREFIX)
    : memorySentLedger();
  jobs.work(MAIL_QUEUE, mailDelivery({ transport, ledger, from: config.MAIL_FROM, log }));
  return {
    close() {
      transport.close();
      ledger.close();
    },
  };
}
