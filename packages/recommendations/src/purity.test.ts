import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The module runs in the browser editor as well as in Node: walk everything index.ts imports and
// check it imports only its own files and uses no Node or DOM globals.
function moduleGraph(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    const source = readFileSync(file, 'utf8');
    files.set(file, source);
    for (const [, specifier = ''] of source.matchAll(/from '([^']+)'/g)) {
      if (specifier.startsWith('.')) pending.push(join(dirname(file), specifier));
      else files.set(`${file} -> ${specifier}`, '');
    }
  }
  return files;
}

describe('purity', () => {
  const graph = moduleGraph(join(import.meta.dirname, 'index.ts'));

  it('imports nothing outside the package', () => {
    expect([...graph.keys()].filter((key) => key.includes(' -> '))).toEqual([]);
  });

  it('uses no Node or DOM globals', () => {
    const forbidden = /\b(process|Buffer|require|window|document|navigator|localStorage)\b[.([]/;
    for (const [file, source] of graph) {
      expect(forbidden.test(source), file).toBe(false);
    }
  });

  it('ships no test support', () => {
    expect([...graph.keys()].some((file) => /test/.test(file))).toBe(false);
  });
});
