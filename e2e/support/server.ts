/**
 * Starts the real embedded server (apps/api/src/main.ts) for the browser journeys on a fresh
 * DATA_DIR, and removes that directory once the server has exited. Playwright's webServer runs
 * this file and stops it with SIGTERM (see playwright.config.ts), which reaches both processes.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const main = path.resolve(here, '../../apps/api/src/main.ts');
const webIndex = path.resolve(here, '../../apps/web/dist/index.html');
if (!existsSync(webIndex)) {
  // Without the built web app the server answers every page with a JSON 404.
  console.error(`${webIndex} is missing: build the web app first (npm run test:e2e does).`);
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'tw-e2e-'));

const child = spawn(process.execPath, [main], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  // The group signal usually reached the server already; a second one is harmless.
  if (child.exitCode === null) child.kill(signal);
  // Bounded: force the server down if it does not drain in time.
  setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
