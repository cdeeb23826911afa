// Test harness: the composed gateway over real HTTP, as `npm start` runs it.
import { silentLogger } from '@dayframe/service-kit';
import { apiClient, listen, tempDataDir } from '@dayframe/test-kit';
import { gatewayConfig } from './config.ts';
import { composeGateway } from './compose.ts';

export const TEST_SECRET = 'gateway-test-secret-that-is-long-enough-0123456789';

export async function startGateway(env: Record<string, string | undefined> = {}) {
  const dataDir = tempDataDir();
  const config = gatewayConfig({
    DATA_DIR: dataDir.dir,
    JWT_SECRET: TEST_SECRET,
    BCRYPT_COST: '4',
    LOG_LEVEL: 'silent',
    ...env,
  } as NodeJS.ProcessEnv);
  const gateway = composeGateway(config, silentLogger());
  await gateway.start();
  const server = await listen(gateway.app.callback());
  return {
    url: server.url,
    api: apiClient(server.url),
    dataDir: dataDir.dir,
    async stop() {
      await server.close();
      await gateway.stop();
      dataDir.remove();
    },
  };
}
