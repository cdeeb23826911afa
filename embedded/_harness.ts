// Test harness: the embedded app over real HTTP, as `npm start` runs it.
import { silentLogger, type Clock } from '@dayframe/service-kit/http';
import {
  apiClient,
  listen,
  outbox,
  tempDataDir,
  testTokenKeys,
  verifiedAccount,
} from '@dayframe/test-kit';
import { embeddedConfig } from './config.ts';
import { composeEmbedded } from './compose.ts';

/** The verification-code key (`CODE_HMAC_SECRET`). */
export const TEST_SECRET = 'gateway-test-secret-that-is-long-enough-0123456789';

export async function startEmbeddedApp(
  env: Record<string, string | undefined> = {},
  options: { clock?: Clock } = {},
) {
  const dataDir = tempDataDir();
  const keys = testTokenKeys();
  const config = embeddedConfig({
    DATA_DIR: dataDir.dir,
    // The signing key only where identity runs in this process; the public key otherwise.
    ...(env.IDENTITY_URL
      ? { JWT_PUBLIC_KEY: keys.publicKey }
      : { JWT_PRIVATE_KEY: keys.privateKey, CODE_HMAC_SECRET: TEST_SECRET }),
    BCRYPT_COST: '4',
    SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
    SIGNUPS_PER_MINUTE: '10000',
    LOG_LEVEL: 'silent',
    ...env,
  } as NodeJS.ProcessEnv);
  const gateway = composeEmbedded(config, silentLogger(), options);
  await gateway.start();
  const server = await listen(gateway.app.callback());
  const api = apiClient(server.url);
  return {
    url: server.url,
    api,
    dataDir: dataDir.dir,
    /** An account signed up and verified through the gateway, its code read from the outbox. */
    verifiedUser: (name: string, email: string) =>
      verifiedAccount(api, { name, email }, outbox(dataDir.dir).code),
    async stop() {
      await server.close();
      await gateway.stop();
      dataDir.remove();
    },
  };
}
