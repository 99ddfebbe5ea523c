import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { routes } from './routes.ts';
import { routeMeta } from './constants.ts';
import { routeScopes } from './route-scopes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Specifiers a module loads at run time: `import`/`export … from` and `import()`, not types. */
function runtimeImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const m of source.matchAll(statement)) if (!m[2]) specifiers.push(m[3]!);
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specifiers.push(m[1]!);
  return specifiers;
}

/** Every file and package the module graph of `entry` loads at run time. */
function moduleGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files: [...files].map((f) => path.relative(here, f)), packages: [...packages] };
}

describe('the constants entry (@tubewise/contract/constants)', () => {
  it('is a subpath export of the package', () => {
    expect(packageJson.exports['./constants']).toBe('./src/constants.ts');
  });

  it('loads no package at run time, zod included', () => {
    const graph = moduleGraph(path.join(here, 'constants.ts'));
    expect(graph.files).toEqual(['constants.ts', 'route-meta.ts']);
    expect(graph.packages).toEqual([]);
  });

  it.each(['ai-constants', 'script-constants', 'reporting-constants'])(
    'has a zod-free entry of its own for %s, outside the web entry chunk',
    (name) => {
      expect(packageJson.exports[`./${name}` as keyof typeof packageJson.exports]).toBe(
        `./src/${name}.ts`,
      );
      const graph = moduleGraph(path.join(here, `${name}.ts`));
      expect(graph.files).toEqual([`${name}.ts`]);
      expect(graph.packages).toEqual([]);
    },
  );

  it('the scan sees what a schema module loads', () => {
    // Without this the test above could pass by reading nothing.
    expect(moduleGraph(path.join(here, 'users.ts')).packages).toContain('zod');
  });
});

describe('route metadata', () => {
  it('names every route of the table and no other', () => {
    expect(Object.keys(routeMeta).sort()).toEqual(Object.keys(routes).sort());
    expect(Object.keys(routeScopes).sort()).toEqual(Object.keys(routes).sort());
  });

  it('is what the route table declares: method, path and scope', () => {
    for (const [name, route] of Object.entries(routes)) {
      const key = name as keyof typeof routeMeta;
      expect({ name, method: route.method, path: route.path, scope: route.scope }).toEqual({
        name,
        ...routeMeta[key],
        scope: routeScopes[key],
      });
    }
  });
});
