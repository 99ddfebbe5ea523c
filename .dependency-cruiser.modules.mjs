// API modules never depend on each other in a loop (`npm run lint` runs this next to
// .dependency-cruiser.mjs). A separate run because dependency-cruiser finds folder loops over
// every folder it sees: here it sees only the modules' own code, so a loop is a module loop,
// not one through the shared http/ or lib/ layers. Tests are leaves and do not count.

import base from './.dependency-cruiser.mjs';

const MODULE_FOLDER = '^apps/api/src/modules/[^/]+$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'api-module-cycle',
      comment: 'API modules must not depend on each other in a loop.',
      severity: 'error',
      scope: 'folder',
      from: { path: MODULE_FOLDER },
      to: { path: MODULE_FOLDER, circular: true },
    },
  ],
  options: {
    ...base.options,
    includeOnly: '^apps/api/src/modules/',
    exclude: { path: ['\\.test\\.ts$', '\\.testing\\.ts$'] },
  },
};
