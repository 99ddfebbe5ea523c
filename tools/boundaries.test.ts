// The module boundaries `npm run lint` keeps, checked on small fixture trees so the rules cannot
// silently stop matching (a renamed folder or a config typo would otherwise pass every lint).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.join(import.meta.dirname, 'boundaries-fixtures');

/** "rule: from → to" for every violation of `configFile`'s rules in the fixture tree. */
async function violations(configFile: string, dirs: string[]): Promise<string[]> {
  const options = await extractDepcruiseOptions(path.join(ROOT, configFile));
  const { output } = await cruise(dirs, { ...options, baseDir: FIXTURES });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('module boundaries (dependency-cruiser)', () => {
  it('reports web imports between features, from a feature into app/, and from lib/ into a feature', async () => {
    expect(await violations('.dependency-cruiser.mjs', ['apps/web/src'])).toEqual([
      'web-feature-imports-app: apps/web/src/features/beta/beta-widget.ts → apps/web/src/app/shell.ts',
      'web-feature-imports-feature: apps/web/src/features/alpha/alpha-page.ts → apps/web/src/features/beta/beta-widget.ts',
      'web-shared-imports-feature-or-app: apps/web/src/lib/shared.ts → apps/web/src/features/alpha/alpha-part.ts',
    ]);
  });

  it("reports an API import of another module's internals, from a module or from http/", async () => {
    expect(await violations('.dependency-cruiser.mjs', ['apps/api/src'])).toEqual([
      'api-module-internals: apps/api/src/modules/alpha/alpha.service.ts → apps/api/src/modules/beta/beta-internal.ts',
      'api-outside-modules-uses-index: apps/api/src/http/route.ts → apps/api/src/modules/alpha/alpha.service.ts',
    ]);
  });

  it('reports API modules that depend on each other in a loop, even through their indexes', async () => {
    expect(await violations('.dependency-cruiser.modules.mjs', ['apps/api/src/modules'])).toEqual([
      'api-module-cycle: apps/api/src/modules/alpha → apps/api/src/modules/beta',
      'api-module-cycle: apps/api/src/modules/beta → apps/api/src/modules/alpha',
    ]);
  });
});
