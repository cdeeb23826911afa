import { createRemoteConfig, DEV_PORTS } from '@dayframe/web-build';

export default createRemoteConfig({
  dir: import.meta.dirname,
  name: 'mfe_goals',
  port: DEV_PORTS.mfe_goals,
});
