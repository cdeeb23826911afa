/**
 * The calendar service in its own process (distributed topology): `PORT`, `DATABASE_URL` (the
 * one the journals and goals services use; they own and migrate the tables), `JWT_SECRET`, and
 * `IDENTITY_URL` to confirm sessions.
 */
import {
  createDatabase,
  createLogger,
  createTokens,
  remoteSessionCheck,
  resolveJwtSecret,
  serve,
} from '@dayframe/service-kit';
import { calendarConfig } from './config.ts';
import { createCalendar } from './mod.ts';

const config = calendarConfig();
const log = createLogger('calendar', config.LOG_LEVEL);
const db = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const checkSession = remoteSessionCheck(config.IDENTITY_URL);
const calendar = createCalendar({
  db,
  tokens: createTokens(resolveJwtSecret(config)),
  checkSession,
  log,
});

const running = await serve(calendar.app.callback(), {
  port: config.PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  log,
  async onStop() {
    await checkSession.close();
    await db.destroy();
  },
});
log.info({ port: running.port }, 'calendar listening');
