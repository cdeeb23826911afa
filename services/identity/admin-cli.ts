// `npm run admin -- grant|revoke <email>`: manage the admin role from a shell on the server.
import { silentLogger, systemClock } from '@dayframe/service-kit/http';
import { createDatabase } from '@dayframe/service-kit/db';
import { createJobBus } from '@dayframe/service-kit/jobs';
import { createEventBus } from '@dayframe/service-kit/events';
import { memoryRateLimiter } from '@dayframe/service-kit/limits';
import { randomServiceKey } from '@dayframe/service-kit/tokens';
import { identityConfig } from './config.ts';
import { configuredIdentity } from './configured-identity.ts';

const [command, given] = process.argv.slice(2);
const email = given?.trim().toLowerCase();
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('Usage: npm run admin -- grant|revoke <email>');
  process.exit(2);
}
const config = identityConfig();
const db = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const log = silentLogger();
const { identity } = configuredIdentity(config, {
  db,
  jobs: createJobBus({ log }),
  events: createEventBus({ log }), // its relay never starts: this command deletes nothing
  limiter: memoryRateLimiter(systemClock),
  log,
  serviceKey: randomServiceKey(), // it serves nothing: no other process checks with it
});
try {
  await identity.migrate();
  const changed = await identity.setRole(email, command === 'grant' ? 'admin' : 'user');
  if (!changed) {
    console.error(`No account with e-mail ${email}`);
    process.exitCode = 1;
  } else {
    console.log(
      command === 'grant' ? `${email} is now an admin` : `${email} is no longer an admin`,
    );
  }
} finally {
  await identity.close();
  await db.destroy();
}
