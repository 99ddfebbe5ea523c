import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleReportPlugin } from './build-tools/bundle-report.ts';
import { precompressPlugin } from './build-tools/precompress.ts';
import { routeTable, usesShell } from './src/app/route-table.ts';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
const proxied = ['/api', '/accounts', '/optimization', '/yt', '/dev'];

export default defineConfig({
  plugins: [
    react(),
    bundleReportPlugin({
      routes: routeTable
        .filter((r) => r.page)
        .map((r) => ({
          path: r.path,
          module: `src/app/routes/${r.page}.tsx`,
          withShell: usesShell(r),
        })),
      shellModule: 'src/app/layout/app-shell.tsx',
      budgets: {
        '/login': 150 * 1024,
        '/forget-password': 150 * 1024,
        '/set-password': 150 * 1024,
        '/video-idea/discover': 250 * 1024,
        // The trend chart (MUI X Charts, ~93 KB gzip) loads lazily inside the page, not here.
        '/video-idea/details': 250 * 1024,
        // The script editor (TipTap) loads only when a script opens, never with the page.
        '/video-idea/saved': 250 * 1024,
        '/video-idea/unsubscribe': 150 * 1024,
        '/settings/account': 250 * 1024,
        '/settings/channels': 250 * 1024,
        // Public and shared by link: as light as the sign-in pages (no charting library).
        '/share/insights/:id': 150 * 1024,
      },
    }),
    // .br/.gz copies the API serves by Accept-Encoding (@fastify/static preCompressed).
    precompressPlugin(),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((prefix) => [
        prefix,
        {
          target: apiTarget,
          // /optimization is also a client route: a browser page load there must get the app,
          // only API requests (JSON) go to the server.
          bypass:
            prefix === '/optimization'
              ? (req: { headers: { accept?: string } }) =>
                  req.headers.accept?.includes('text/html') ? '/index.html' : undefined
              : undefined,
        },
      ]),
    ),
  },
  build: {
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The entry lists every lazy chunk's file for preloading (one per page and shared part):
        // hash-only names keep that list short (about 0.8 KB less gzip on every first load).
        // The source maps still name each module.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // Everything the entry loads up front goes into one chunk. Left to itself the bundler
          // splits it into a dozen files (React, Box, Button…) because lazy pages share them;
          // every page downloads them all anyway, and one file compresses about 6 KB smaller.
          groups: [
            { name: 'initial', tags: ['$initial'] },
            // The labelled text field, its MUI input parts and the mutation hook: what the
            // sign-in forms need besides the page itself, as one file instead of six (about
            // 1.7 KB less gzip on /login). Pages with forms share it.
            {
              name: 'form-fields',
              test: /src[\\/](components[\\/]form-|lib[\\/]form-validation)|@mui[\\/]material[\\/](InputBase|OutlinedInput|InputLabel|FormLabel|FormControl|FormHelperText|TextareaAutosize|utils[\\/]ownerWindow|useSlot)|useMutation|mutationObserver/,
            },
          ],
        },
      },
    },
  },
});
