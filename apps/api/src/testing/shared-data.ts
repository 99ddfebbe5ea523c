import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The shared real-data folder (`../shared/data` beside the repository), or null when absent. */
export function sharedDataDir(): string | null {
  const dir = path.resolve(repoRoot, '../shared/data');
  return existsSync(dir) ? dir : null;
}

/**
 * Whether tests that read ../shared/data can run. Absent data skips them with a message on a
 * developer's fresh clone, but fails in CI (CI=true), where the data is always present.
 */
export function sharedDataAvailable(what: string): boolean {
  if (sharedDataDir()) return true;
  if (process.env.CI === 'true')
    throw new Error(`${what}: ../shared/data is required in CI but missing`);
  console.warn(`Skipping ${what}: ../shared/data is not present beside this clone.`);
  return false;
}
