import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The pinned Node 24 (devDependency `node`); the system Node is too old for main.ts. */
const pinnedNode = path.resolve(here, '../node_modules/.bin/node');
const nodeBin = existsSync(pinnedNode) ? pinnedNode : process.execPath;

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const CI = Boolean(process.env.CI);

/** Browser journeys against the real embedded server, driven by Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // The journeys share one server (and the demo account): one at a time.
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
    command: `"${nodeBin}" support/server.ts`,
    cwd: here,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    // First start migrates PGlite, starts pg-boss and hashes the demo password.
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      // Always embedded, even when CI exports DATABASE_URL for the API tests ('' means unset).
      DATABASE_URL: '',
      SMTP_URL: '',
      // The journeys read reset and invitation links as the signed-out recipient would.
      DEV_MAILBOX: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The channel-filter journey needs 7 or more channels: connect all eight demo channels.
      DEMO_CONNECTED_CHANNELS: '8',
      // The AI journeys walk /optimize, which only exists with its feature flag.
      FEATURE_NEW_OPTIMIZE_PAGE: 'true',
      // A small month, so the AI journey reaches the quota-exceeded state with few generations
      // (per channel: ai-metadata and ai-optimize use channels of their own).
      AI_GENERATIONS_PER_MONTH: '4',
    },
  },
});
