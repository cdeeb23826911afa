/**
 * The mailer: renders the verification mail and sends it through SMTP (`SMTP_URL`) or, in
 * development, writes it to `DATA_DIR/outbox`. Runs as a BullMQ worker (`main.ts`) or
 * in-process on the embedded job bus.
 *
 * @example
 * import { createJobBus } from '@dayframe/service-kit/jobs';
 * import { mailerConfig, startMailer } from '@dayframe/mailer';
 * const jobs = createJobBus({ log });
 * startMailer(jobs, mailerConfig(), log);
 */
export { startMailer } from './mailer.ts';
export { mailerConfig, type MailerConfig } from './config.ts';
export {
  renderMail,
  renderVerificationMail,
  renderEmailChanged,
  renderDailyReminder,
  plainName,
} from './render.ts';
