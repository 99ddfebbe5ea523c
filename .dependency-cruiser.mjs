// Module boundaries the linter keeps (`npm run lint` runs `depcruise` with this file).
// Web: features are independent; shared code (lib, components, config) depends on no feature
// and not on the app shell, which is where features are composed.
// API: a module is used by others only through its public index (modules/<name>/index.ts), and
// modules never depend on each other in a loop.

const WEB = '^apps/web/src/';
const MODULES = '^apps/api/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'web-feature-imports-feature',
      comment:
        'A web feature must not import another feature: move the shared piece to lib/ or ' +
        'components/, or compose the features in app/.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-feature-imports-app',
      comment: 'Features are composed by app/, never the other way round.',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-shared-imports-feature-or-app',
      comment:
        'lib/, components/ and config/ are shared: they must not depend on features or app/.',
      severity: 'error',
      from: { path: `${WEB}(lib|components|config)/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'api-module-internals',
      comment:
        'Another API module is used only through its public index (modules/<name>/index.ts): ' +
        'export what others may use there.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: `${MODULES}[^/]+/`,
        // Test helpers (*.testing.ts) are shared with other modules' tests on purpose.
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`, '\\.testing\\.ts$'],
      },
    },
    {
      name: 'api-outside-modules-uses-index',
      comment:
        'http/, jobs/ and the composition root use API modules through their public index too.',
      severity: 'error',
      from: { path: '^apps/api/src/(http/|jobs/|compose\\.ts$|app\\.ts$|main\\.ts$)' },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
  ],
  options: {
    includeOnly: ['^apps/web/src/', '^apps/api/src/'],
    exclude: { path: ['node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
