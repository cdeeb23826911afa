/**
 * The embedded app `npm start` runs: the gateway with every service mounted in one process, on
 * one SQLite file (or `DATABASE_URL`) and one job bus, mail sent from here. A service whose
 * `*_URL` is set is proxied instead.
 *
 * @example
 * const app = composeEmbedded(embeddedConfig(), createLogger('dayframe'));
 * await app.start();
 * await serve(app.app.callback(), { port: 8080, log, onStop: app.stop });
 */
export { composeEmbedded } from './compose.ts';
export { embeddedConfig, type EmbeddedConfig } from './config.ts';
