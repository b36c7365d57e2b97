import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every compressible asset of the
 * build, once: the server sends them as they are (`preCompressed` in @fastify/static) instead of
 * compressing the same file again at a lower quality on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'meramot:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const file = path.join(dir, name);
          if (statSync(file).isDirectory()) walk(file);
          else if (COMPRESSIBLE.test(name) && statSync(file).size >= 1024) {
            const data = readFileSync(file);
            writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
            writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
          }
        }
      };
      walk(outDir);
    },
  };
}
