/**
 * Browser tests of whole screens: the real gateway (embedded: SQLite, in-process jobs, outbox
 * mail) serving the built shell and remotes, and Debian's Chromium driving it.
 *
 * @example
 * const app = await startApp();
 * const { page } = await app.signedIn('Ada', 'ada@example.com', 'phone');
 * await page.goto('/journals');
 */
export { startApp, type App } from './app.ts';
export { appForSuite } from './app-for-suite.ts';
export { buildRemote, serveRemote, CONTENT_TYPES } from './remote-builds.ts';
export { startServer, type AppServer } from './app.ts';
export { pointWebKitAt, remoteCallsForSuite, type RemoteCalls } from './remote-calls.ts';
export { blockingViolations, focusedControl, type FocusedControl } from './accessibility.ts';
export { keyboardWalk } from './keyboard.ts';
export { formIsHydrated, openPrerenderedForm } from './prerendered-form.ts';
export { expectToast } from './toasts.ts';
export { confirmItsYou, confirmItsYouDialog } from './confirm-its-you.ts';
export { seedGoals } from './seed-goals.ts';
export { todayIn } from './today-in.ts';
export { uploadPhoto } from './upload-photo.ts';
export { isHashedAsset, recordNetwork, type Fetched } from './network-log.ts';
export {
  gzipSize,
  overBudget,
  recordScripts,
  totalGzip,
  weighScript,
  type ScriptFile,
} from './script-weight.ts';
export { authenticatorCode, turnOnAuthenticatorApp } from './authenticator-app.ts';
export { addVirtualAuthenticator, localhostUrl } from './virtual-authenticator.ts';
