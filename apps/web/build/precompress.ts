import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { delivery } from '@roomscale/shared';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images, fonts and videos are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|wasm|txt|xml)$/;

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, at the highest levels:
 * the server sends them as they are (@fastify/static `preCompressed`), so a page load costs
 * no compression work and gets a smaller file than on-the-fly compression would give.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'roomscale-precompress',
    apply: 'build',
    configResolved(config) {
      // resolve, not join: an absolute --outDir (a build beside the usual one) stays as given.
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await textFiles(outDir)) {
        const body = await readFile(file);
        if (body.length < delivery.compressMinBytes) continue;
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz(body, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      }
    },
  };
}

async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && TEXT.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}
