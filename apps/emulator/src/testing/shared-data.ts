// Locates ../shared (the real recorded data) for tests: from this file up to the repository root,
// then ../shared. Absent → tests skip with a clear message, except in CI where they must fail.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 12; i++) {
    if (existsSync(join(dir, 'package-lock.json')) || existsSync(join(dir, '.git'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error('repository root not found');
}

/** Absolute path of ../shared, or undefined when it is absent. */
export function sharedDir(): string | undefined {
  const dir = resolve(repoRoot(), '..', 'shared');
  return existsSync(join(dir, 'data', 'youtube')) ? dir : undefined;
}

/** Path of a file under ../shared/data/youtube (call only inside describeWithShared). */
export function youtubeData(...parts: string[]): string {
  return join(sharedDir()!, 'data', 'youtube', ...parts);
}

/** Reads a JSON file under ../shared/data/youtube. */
export function readYoutubeJson<T = unknown>(...parts: string[]): T {
  return JSON.parse(readFileSync(youtubeData(...parts), 'utf8')) as T;
}

/** A describe block that needs ../shared: skipped with a message when absent, failing in CI. */
export function describeWithShared(name: string, fn: () => void): void {
  if (sharedDir()) {
    describe(name, fn);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () => {
      throw new Error(
        `${name}: ../shared/data/youtube is required in CI but was not found next to the repository`,
      );
    });
    return;
  }
  console.warn(
    `[emulator tests] SKIPPED "${name}": ../shared/data/youtube not found next to the repository.`,
  );
  describe.skip(`${name} (skipped: ../shared not found)`, fn);
}
