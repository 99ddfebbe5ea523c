import { defineConfig } from '@playwright/test';
import { E2E_DIR, NODE_BIN, serverEnv } from './support/server-env.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const CI = Boolean(process.env.CI);

/** Browser journeys against the real embedded server, driven by Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // The journeys share one server (and the demo account): one at a time. A journey that changes
  // what all the others rely on (billing moves the clock weeks on) starts a server of its own
  // (support/own-server.ts).
  fullyParallel: false,
  workers: 1,
  forbidOnly: CI,
  // No retries, in CI either: a journey that needs one is flaky, and flakes get fixed.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  use: {
    baseURL,
    headless: true,
    viewport: { width: 1440, height: 900 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // support/server.ts runs apps/api/src/main.ts on a fresh DATA_DIR and removes it afterwards.
    command: `"${NODE_BIN}" support/server.ts`,
    cwd: E2E_DIR,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    // First start migrates PGlite, starts pg-boss and hashes the demo password.
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    // The same environment as a journey's own server (support/own-server.ts).
    env: serverEnv(port),
  },
});
