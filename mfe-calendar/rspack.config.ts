import { createRemoteConfig, DEV_PORTS } from '@dayframe/web-build';

export default createRemoteConfig({
  dir: import.meta.dirname,
  name: 'mfe_calendar',
  port: DEV_PORTS.mfe_calendar,
});
