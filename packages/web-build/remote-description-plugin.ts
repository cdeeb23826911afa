import { readFileSync } from 'node:fs';
import type { Compiler, RspackPluginInstance } from '@rspack/core';
import {
  REMOTE_DESCRIPTION_FILE,
  parseRemoteDescription,
  type RemoteDescription,
} from '@dayframe/contracts';

type Options = {
  /** The remote's `src/remote.json`: name, routes, menu items, commands. */
  source: string;
  /** The federation name the description must carry. */
  name: string;
  version: string;
  requires: Record<string, string>;
};

/** The description as published: the source checked against the contract, plus what the build knows. */
export function buildRemoteDescription({
  source,
  name,
  version,
  requires,
}: Options): RemoteDescription {
  const written: unknown = JSON.parse(readFileSync(source, 'utf8'));
  // The source holds everything but what the build knows: its version and requirements.
  const parsed = parseRemoteDescription({ ...(written as object), version, requires });
  if (!parsed.ok) throw new Error(`${source}: ${parsed.problem}`);
  if (parsed.description.name !== name)
    throw new Error(
      `${source}: name is ${parsed.description.name}, the federation name is ${name}`,
    );
  return parsed.description;
}

/**
 * Publishes what the remote owns as `dayframe-remote.json` beside `mf-manifest.json`, so the
 * shell learns a remote's routes and menu items from its deployment, not from its own build.
 * A description that breaks the contract fails the build.
 */
export class RemoteDescriptionPlugin implements RspackPluginInstance {
  constructor(private readonly options: Options) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.rspack;
    compiler.hooks.thisCompilation.tap('RemoteDescriptionPlugin', (compilation) => {
      compilation.fileDependencies.add(this.options.source);
      compilation.hooks.processAssets.tap(
        { name: 'RemoteDescriptionPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const description = buildRemoteDescription(this.options);
          compilation.emitAsset(
            REMOTE_DESCRIPTION_FILE,
            new sources.RawSource(`${JSON.stringify(description, null, 2)}\n`),
          );
        },
      );
    });
  }
}
