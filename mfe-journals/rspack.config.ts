import { createRemoteConfig, DEV_PORTS } from '@dayframe/web-build';

export default createRemoteConfig({
  dir: import.meta.dirname,
  name: 'mfe_journals',
  port: DEV_PORTS.mfe_journals,
  // The dashboard's On this day and writing widgets ship with the journals remote.
  exposes: { './routes': './src/routes.tsx', './dashboard-widgets': './src/dashboard-widgets.tsx' },
});
