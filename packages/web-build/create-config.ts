/**
 * One rspack configuration for the shell (the Module Federation host) and every remote, so the
 * five apps agree on sharing, CSS, targets and dev-server behaviour.
 *
 * The page has one Module Federation runtime: the shell's. Remotes are built with
 * `experiments.externalRuntime` and use the runtime core the shell provides
 * (`provideExternalRuntime`), so a `remoteEntry.js` carries no second copy of it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import tailwindcss from '@tailwindcss/postcss';
import { RemoteDescriptionPlugin } from './remote-description-plugin.ts';
import { PrecompressPlugin } from './precompress.ts';

/** Dev-server ports, one per app, so the shell can find the remotes while developing. */
export const DEV_PORTS = {
  shell: 3000,
  mfe_journals: 3001,
  mfe_goals: 3002,
  mfe_calendar: 3003,
  mfe_account: 3004,
} as const;

/** Where `/api` lives while developing: the gateway (`npm start` at the root). */
const DEV_API = process.env.DEV_API_URL ?? 'http://localhost:8080';

/**
 * Shared as singletons so the page has one React and one web kit (one session, one router).
 * `react-dom/client` must be listed or a second React DOM loads.
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  // The router is not here: the web kit re-exports the part the apps use (see its router.ts),
  // since a shared package ships whole.
  '@dayframe/web-kit',
] as const;

type PackageJson = {
  version?: string;
  dependencies?: Record<string, string>;
  browserslist?: string[] | string;
};

const WEB_KIT = '@dayframe/web-kit';
/** The web kit every app here is built against: its version is what the shell provides. */
export const WEB_KIT_VERSION = readPackage(
  path.dirname(createRequire(import.meta.url).resolve(WEB_KIT)),
).version!;

/**
 * What a remote asks of the page's web kit: the minor it was built against or any later one of
 * the same major.
 * A shell with an older web kit refuses it with a message instead of running it on a web kit
 * that lacks what it calls.
 */
export function webKitRange(version: string = WEB_KIT_VERSION): string {
  return `^${version}`;
}

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

function sharedSingletons(pkg: PackageJson, requireWebKit: string = webKitRange()) {
  const versionOf = (name: string): string | false => {
    if (name === WEB_KIT) return requireWebKit;
    const base = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
    const wanted = pkg.dependencies?.[base];
    return wanted && wanted !== '*' ? wanted : false;
  };
  return Object.fromEntries(
    // strictVersion: a remote built against another React major fails to load (and shows its
    // fallback) instead of running on a React it was not built for.
    SINGLETONS.map((name) => [
      name,
      {
        singleton: true,
        requiredVersion: versionOf(name),
        strictVersion: versionOf(name) !== false,
        // The web kit is a workspace package: say its version rather than leave it to lookup.
        ...(name === WEB_KIT ? { version: WEB_KIT_VERSION } : {}),
      },
    ]),
  );
}

type BaseOptions = {
  /** The app's folder (`import.meta.dirname` of its rspack config). */
  dir: string;
  /** The federation name: `shell` or the remote's name from REMOTES. */
  name: string;
  port: number;
};

function baseConfig(
  { dir, name, port }: BaseOptions,
  entry: Configuration['entry'],
  isDev: boolean,
): Configuration {
  const pkg = readPackage(dir);
  const targets = Array.isArray(pkg.browserslist)
    ? pkg.browserslist
    : pkg.browserslist
      ? [pkg.browserslist]
      : undefined;
  if (!targets)
    throw new Error(`${dir}/package.json needs a "browserslist", or the output is down-levelled`);

  const scripts: RuleSetRule = {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: isDev } },
      },
      env: { targets },
    },
    type: 'javascript/auto',
  };
  const styles: RuleSetRule = {
    test: /\.css$/,
    use: [{ loader: 'postcss-loader', options: { postcssOptions: { plugins: [tailwindcss()] } } }],
    type: 'css/auto',
  };

  return {
    context: dir,
    mode: isDev ? 'development' : 'production',
    devtool: isDev ? 'cheap-module-source-map' : 'source-map',
    entry,
    target: 'browserslist',
    output: {
      path: path.join(dir, 'dist'),
      uniqueName: name,
      filename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        scripts,
        styles,
        // The contracts only declare schemas and constants. Saying so lets a screen that needs
        // REMOTES skip the zod schemas re-exported beside it (25 KB gzipped).
        { test: /[\\/]packages[\\/]contracts[\\/][^\\/]+\.ts$/, sideEffects: false },
      ],
    },
    performance: false,
    devServer: {
      port,
      host: 'localhost',
      hot: false,
      liveReload: true,
      historyApiFallback: true,
      client: { overlay: { errors: true, warnings: false } },
    },
    infrastructureLogging: { level: 'warn' },
  };
}

function isDevelopment(): boolean {
  return process.env.NODE_ENV !== 'production';
}

export type HostOptions = Omit<BaseOptions, 'name' | 'port'> & {
  /**
   * Remotes the dev server's `/remotes.json` announces: name → `mf-manifest.json` URL. With
   * `DEV_REMOTES=gateway` the dev server asks the gateway instead (built remotes).
   */
  devRemotes: Record<string, string>;
};

/** The shell: serves `index.html`, owns the themes, loads remotes at run time from `/remotes.json`. */
export function createHostConfig({ dir, devRemotes }: HostOptions): Configuration {
  const isDev = isDevelopment();
  const config = baseConfig(
    { dir, name: 'shell', port: DEV_PORTS.shell },
    { main: './src/main.ts' },
    isDev,
  );
  const fromGateway = process.env.DEV_REMOTES === 'gateway';
  return {
    ...config,
    output: { ...config.output, publicPath: '/' },
    optimization: {
      // The signed-in area's lazy chunks (guard, layout, outlet, remote loader) share the
      // catalog and its schemas: one small shared chunk instead of a copy in each.
      splitChunks: { chunks: 'async', minSize: 2_000 },
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedSingletons(readPackage(dir)),
        dts: false,
        manifest: false,
        // The page's one Module Federation runtime: remotes built with `externalRuntime` use it.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      new rspack.HtmlRspackPlugin({
        template: './index.html',
        inject: 'head',
        scriptLoading: 'defer',
      }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', to: '.' }] }),
      new PrecompressPlugin(),
    ],
    devServer: {
      ...config.devServer,
      proxy: [
        {
          context: fromGateway ? ['/api', '/remotes.json', '/remotes'] : ['/api'],
          target: DEV_API,
          changeOrigin: true,
        },
      ],
      setupMiddlewares: (middlewares) => {
        if (fromGateway) return middlewares;
        return [
          {
            name: 'dev-remotes-json',
            path: '/remotes.json',
            middleware: (
              _req: unknown,
              res: { setHeader(k: string, v: string): void; end(body: string): void },
            ) => {
              res.setHeader('Content-Type', 'application/json');
              res.setHeader('Cache-Control', 'no-store');
              const remotes = Object.entries(devRemotes).map(([name, entry]) => ({ name, entry }));
              res.end(JSON.stringify({ remotes }));
            },
          },
          ...middlewares,
        ];
      },
    },
  };
}

export type RemoteOptions = BaseOptions & {
  /** Defaults to `{ './routes': './src/routes.tsx' }`: each remote exposes one routes module. */
  exposes?: Record<string, string>;
  /**
   * What the remote owns (routes, menu items, commands), relative to `dir`; defaults to
   * `./src/remote.json`. The build adds the version and requirements and publishes it as
   * `dayframe-remote.json` beside `mf-manifest.json`.
   */
  description?: string;
  /** Where the build goes; defaults to `<dir>/dist`. */
  outputPath?: string;
  /** The web-kit range to require; defaults to {@link webKitRange} of the kit built against. */
  requireWebKit?: string;
};

/** Where a remote's standalone page is built, inside its output folder. */
export const STANDALONE_DIR = 'standalone';

/**
 * A remote: `remoteEntry.js` plus `mf-manifest.json`, served from any origin (`publicPath:
 * 'auto'`), and, beside them in `standalone/`, its page for running it alone while developing.
 *
 * Two builds, because the remote relies on its host for the federation runtime: its standalone
 * page has no host, so it is an ordinary app with the remote's routes and the web kit bundled
 * in (one React, no federation), which `npm run dev` serves at `/` beside the remote entry.
 */
export function createRemoteConfig(options: RemoteOptions): Configuration[] {
  return [remoteContainerConfig(options), remoteStandaloneConfig(options)];
}

function remoteContainerConfig({
  dir,
  name,
  port,
  exposes = { './routes': './src/routes.tsx' },
  description = './src/remote.json',
  outputPath,
  requireWebKit = webKitRange(),
}: RemoteOptions): Configuration {
  const isDev = isDevelopment();
  const standaloneDir = path.join(outputPath ?? path.join(dir, 'dist'), STANDALONE_DIR);
  // No entry of its own: the federation plugin adds the container (`remoteEntry.js`).
  const config = baseConfig({ dir, name, port }, {}, isDev);
  const pkg = readPackage(dir);
  return {
    ...config,
    name,
    output: {
      ...config.output,
      publicPath: 'auto',
      ...(outputPath ? { path: outputPath } : {}),
      // The standalone build writes into the same folder at the same time.
      clean: { keep: (file: string) => file.startsWith(standaloneDir) },
    },
    plugins: [
      new RemoteDescriptionPlugin({
        source: path.resolve(dir, description),
        name,
        version: pkg.version ?? '0.0.0',
        requires: { [WEB_KIT]: requireWebKit },
      }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons(pkg, requireWebKit),
        manifest: true,
        dts: false,
        // The host's runtime core (global `_FEDERATION_RUNTIME_CORE`) instead of a copy.
        experiments: { externalRuntime: true, optimization: { target: 'web' } },
      }),
      new PrecompressPlugin(),
    ],
    devServer: {
      ...config.devServer,
      historyApiFallback: { index: `/${STANDALONE_DIR}/index.html` },
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, OPTIONS',
        'Access-Control-Allow-Headers': '*',
      },
      proxy: [{ context: ['/api'], target: DEV_API, changeOrigin: true }],
    },
  };
}

function remoteStandaloneConfig({ dir, name, port, outputPath }: RemoteOptions): Configuration {
  const isDev = isDevelopment();
  const config = baseConfig(
    { dir, name: `${name}_standalone`, port },
    { main: './src/main.ts' },
    isDev,
  );
  // `npm run dev` serves both builds from the container build's dev server.
  const { devServer: _servedByTheContainerBuild, ...rest } = config;
  return {
    ...rest,
    name: `${name} standalone`,
    output: {
      ...config.output,
      path: path.join(outputPath ?? path.join(dir, 'dist'), STANDALONE_DIR),
      // Absolute, as the dev server serves it, so a deep path (`/journals/create`) that falls
      // back to its index.html still finds the scripts.
      publicPath: `/${STANDALONE_DIR}/`,
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: path.join(import.meta.dirname, 'remote-index.html'),
        inject: 'head',
        scriptLoading: 'defer',
      }),
    ],
  };
}
