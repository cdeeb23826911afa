// Test harness: the proxy-only gateway over real HTTP, its services at the given URLs (which
// need not answer for what a test asks of the gateway itself: headers, /remotes.json).
import { silentLogger } from '@dayframe/service-kit/http';
import { apiClient, listen } from '@dayframe/test-kit';
import { gatewayConfig } from './config.ts';
import { proxyGateway } from './proxy-gateway.ts';

const NOWHERE = 'http://127.0.0.1:9';

export async function startProxyGateway(env: Record<string, string> = {}) {
  const gateway = proxyGateway(
    gatewayConfig({
      LOG_LEVEL: 'silent',
      IDENTITY_URL: NOWHERE,
      JOURNALS_URL: NOWHERE,
      GOALS_URL: NOWHERE,
      CALENDAR_URL: NOWHERE,
      ARCHIVE_URL: NOWHERE,
      MEDIA_URL: NOWHERE,
      REMINDERS_URL: NOWHERE,
      ...env,
    } as NodeJS.ProcessEnv),
    silentLogger(),
  );
  await gateway.start();
  const server = await listen(gateway.app.callback());
  return {
    url: server.url,
    api: apiClient(server.url),
    async stop() {
      await server.close();
      await gateway.stop();
    },
  };
}
