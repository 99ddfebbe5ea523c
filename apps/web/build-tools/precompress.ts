/**
 * Writes brotli (.br) and gzip (.gz) copies of the built text assets next to them, so the API
 * (@fastify/static with `preCompressed`) sends them by Accept-Encoding without compressing
 * on every request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;
// Build data read from disk (bench/), never served, so never compressed either.
const SKIPPED = new Set(['bundle-report.json']);

/** Whether `file` (relative to the output directory, `/`-separated) gets compressed copies. */
export function isPrecompressed(file: string): boolean {
  return COMPRESSIBLE.test(file) && !SKIPPED.has(file) && !file.startsWith('.vite/');
}

/** Relative paths of every file under `dir`, `/`-separated. */
function listFiles(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory()
      ? listFiles(full, root)
      : [relative(root, full).split(sep).join('/')];
  });
}

/** Writes `file.br` and `file.gz` for each compressible file in `outDir`; returns their count. */
export function precompressDir(outDir: string): number {
  let written = 0;
  for (const file of listFiles(outDir).filter(isPrecompressed)) {
    const full = join(outDir, file);
    const source = readFileSync(full);
    const copies: [string, Buffer][] = [
      [
        '.br',
        brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
      ],
      ['.gz', gzipSync(source, { level: 9 })],
    ];
    for (const [ext, data] of copies) {
      // A copy no smaller than the file only costs a header; the server then sends the original.
      if (data.length >= source.length) continue;
      writeFileSync(full + ext, data);
      written++;
    }
  }
  return written;
}

/** Vite plugin that pre-compresses the build output (brotli and gzip) after it is written. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tubewise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      // After the other plugins' closeBundle (the bundle report writes its JSON there).
      order: 'post',
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
