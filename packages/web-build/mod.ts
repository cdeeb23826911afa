/**
 * The front ends' build: one rspack configuration for the shell (the Module Federation host) and
 * every remote, with the web-kit version each is built against. Node-only and used at build
 * time; nothing here reaches a browser, so it carries no version contract with the remotes.
 *
 * - `createHostConfig`, `createRemoteConfig`: the shell's build and a remote's two builds
 *   (its `remoteEntry.js` with `dayframe-remote.json`, and its standalone page).
 * - `DEV_PORTS`: each app's dev-server port. `WEB_KIT_VERSION`: the web kit the shell provides.
 * - `@dayframe/web-build/precompress`: the `.br`/`.gz` copies the builds write, for a step
 *   outside rspack (the shell's prerendered pages).
 *
 * @example
 * // mfe-goals/rspack.config.ts
 * import { createRemoteConfig, DEV_PORTS } from '@dayframe/web-build';
 * export default createRemoteConfig({
 *   dir: import.meta.dirname,
 *   name: 'mfe_goals',
 *   port: DEV_PORTS.mfe_goals,
 * });
 */
export {
  createHostConfig,
  createRemoteConfig,
  DEV_PORTS,
  WEB_KIT_VERSION,
  type HostOptions,
  type RemoteOptions,
} from './create-config.ts';
