/**
 * Serves `virtual:contract-routes`: the method and path of every route of the shared contract,
 * as plain data. The HTTP client reads it instead of the contract's zod schemas, so the entry
 * chunk carries no zod (about 40 KB gzip); the server already validates its answers with the
 * same schemas.
 */
import type { Plugin } from 'vite';
import { routes } from '@tubewise/contract';

const VIRTUAL_ID = 'virtual:contract-routes';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** The route table reduced to method and path. */
export function routeMetaSource(): string {
  const meta = Object.fromEntries(
    Object.entries(routes).map(([name, r]) => [name, { method: r.method, path: r.path }]),
  );
  return `export const routeMeta = ${JSON.stringify(meta, null, 2)};\n`;
}

/** Vite plugin providing `virtual:contract-routes`. */
export function contractRoutesPlugin(): Plugin {
  return {
    name: 'tubewise-contract-routes',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      return id === RESOLVED_ID ? routeMetaSource() : undefined;
    },
  };
}
