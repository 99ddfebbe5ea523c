/** Method and path of every contract route (built by build-tools/contract-routes-plugin.ts). */
declare module 'virtual:contract-routes' {
  import type { Routes } from '@tubewise/contract';
  export const routeMeta: { readonly [K in keyof Routes]: Pick<Routes[K], 'method' | 'path'> };
}
