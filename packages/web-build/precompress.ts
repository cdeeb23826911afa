/**
 * Brotli and gzip copies of each text file a front-end build writes (`main.3f2a….js.br` and
 * `.gz` beside it), made once at build time at the highest levels, so the gateway and nginx
 * answer with bytes already compressed instead of compressing on every request.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What browsers download as text; source maps are left out (visitors never fetch them). */
export const PRECOMPRESSED = /\.(html|js|mjs|css|json|svg|txt|webmanifest)$/;

/** Writes `file.br` and `file.gz` when they are smaller than `file`; returns the suffixes written. */
export async function precompress(file: string): Promise<string[]> {
  const body = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written: string[] = [];
  for (const [suffix, bytes] of [
    ['.br', br],
    ['.gz', gzipped],
  ] as const) {
    if (bytes.length >= body.length) continue;
    await writeFile(file + suffix, bytes);
    written.push(suffix);
  }
  return written;
}

/** Precompresses every emitted text asset once the build has written it (production only). */
export class PrecompressPlugin implements RspackPluginInstance {
  apply(compiler: Compiler) {
    if (compiler.options.mode !== 'production') return;
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const out = compilation.outputOptions.path ?? compiler.outputPath;
      await Promise.all(
        compilation
          .getAssets()
          .filter((asset) => PRECOMPRESSED.test(asset.name))
          .map((asset) => precompress(join(out, asset.name))),
      );
    });
  }
}
