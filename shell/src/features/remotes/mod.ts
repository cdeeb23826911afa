// The remotes feature's front door: the catalog of remotes the shell mounts, the app menu they
// publish, and how their paths and modules are found. Other features import only this file.
export {
  isIncomplete,
  remoteCatalog,
  useRemoteCatalog,
  type CatalogRemote,
  type CatalogStore,
  type RemoteCatalog,
} from './api/remote-catalog.ts';
export { isDashboardPath, remoteForPath } from './remote-paths.ts';
export { loadRemoteComponent, type RemoteRoutesModule } from './api/load-remote-routes.ts';
export { appMenu, type AppMenuItem } from './app-menu.ts';
