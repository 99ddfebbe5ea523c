/**
 * Per-route "initial JavaScript" report computed from Vite's build manifest.
 * A route's initial JS is the entry chunk and everything it imports statically, plus the
 * route's lazy page chunk (and the lazy app shell when the route shows navigation or header)
 * with their own static imports. Shared chunks are counted once per route.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** One chunk of Vite's manifest (the fields the report needs). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** Vite's manifest: chunks keyed by source path (or `_name` for shared chunks). */
export type Manifest = Record<string, ManifestChunk>;

/** What the report needs to know about one route. */
export interface ReportRoute {
  path: string;
  /** Source path of the lazily loaded page module, relative to the Vite root. */
  module: string | null;
  /** Whether the route also loads the lazy app shell (navigation or header). */
  withShell: boolean;
}

/** One line of the report. */
export interface RouteSize {
  path: string;
  files: string[];
  gzipBytes: number;
}

/** Files loaded for `keys` and everything they import statically, in first-seen order. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle-report: "${key}" is not in the Vite manifest`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** Computes each route's initial JS size with `sizeOf(file)` giving a file's gzipped bytes. */
export function computeRouteSizes(
  manifest: Manifest,
  routes: ReportRoute[],
  options: { entry: string; shellModule: string; sizeOf: (file: string) => number },
): RouteSize[] {
  return routes.map((route) => {
    const keys = [options.entry];
    if (route.module) keys.push(route.module);
    if (route.withShell) keys.push(options.shellModule);
    const files = staticClosure(manifest, keys);
    return {
      path: route.path,
      files,
      gzipBytes: files.reduce((sum, f) => sum + options.sizeOf(f), 0),
    };
  });
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** Vite plugin that prints the per-route report after a build and writes dist/bundle-report.json. */
export function bundleReportPlugin(options: {
  routes: ReportRoute[];
  shellModule: string;
  /** Budgets in bytes, checked per route path; exceeding one prints a warning. */
  budgets: Record<string, number>;
}): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'tubewise-bundle-report',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(
        readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      const cache = new Map<string, number>();
      const sizeOf = (file: string): number => {
        let size = cache.get(file);
        if (size === undefined) {
          size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
          cache.set(file, size);
        }
        return size;
      };
      const sizes = computeRouteSizes(manifest, options.routes, {
        entry: 'index.html',
        shellModule: options.shellModule,
        sizeOf,
      });
      const lines = sizes.map((s) => {
        const budget = options.budgets[s.path];
        const flag =
          budget !== undefined && s.gzipBytes > budget ? `  OVER BUDGET (${kb(budget)})` : '';
        return `  ${s.path.padEnd(28)} ${kb(s.gzipBytes).padStart(10)}${flag}`;
      });
      console.log(`\nInitial JavaScript per route (gzip):\n${lines.join('\n')}\n`);
      writeFileSync(
        join(outDir, 'bundle-report.json'),
        JSON.stringify(
          {
            generatedAt: new Date().toISOString(),
            root,
            budgets: options.budgets,
            routes: sizes.map((s) => ({ ...s, gzipKB: Number((s.gzipBytes / 1024).toFixed(1)) })),
          },
          null,
          2,
        ),
      );
    },
  };
}
