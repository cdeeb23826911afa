import { REMOTES } from '@dayframe/contracts';
import { createHostConfig, DEV_PORTS } from '@dayframe/web-build';

// While developing, each remote runs its own dev server (`npm run dev` in its folder).
const devRemotes = Object.fromEntries(
  REMOTES.map((remote) => [
    remote.name,
    `http://localhost:${DEV_PORTS[remote.name]}/mf-manifest.json`,
  ]),
);

export default createHostConfig({ dir: import.meta.dirname, devRemotes });
