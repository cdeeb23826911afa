import { createRemoteConfig, DEV_PORTS } from '@dayframe/web-kit/rspack';

export default createRemoteConfig({
  dir: import.meta.dirname,
  name: 'mfe_calendar',
  port: DEV_PORTS.mfe_calendar,
});
