/**
 * How the journeys' embedded server is started: the pinned Node and the environment. Shared by
 * playwright.config.ts (the server every journey uses) and support/own-server.ts (a server of a
 * journey's own), so both run the same product.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e folder (support/server.ts is run from there). */
export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The pinned Node 24 (devDependency `node`); the system Node is too old for main.ts. */
const pinnedNode = path.resolve(E2E_DIR, '../node_modules/.bin/node');
export const NODE_BIN = existsSync(pinnedNode) ? pinnedNode : process.execPath;

/** The server's environment on a port of 127.0.0.1. */
export function serverEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Always embedded, even when CI exports DATABASE_URL for the API tests ('' means unset).
    DATABASE_URL: '',
    SMTP_URL: '',
    // The journeys read reset and invitation links as the signed-out recipient would.
    DEV_MAILBOX: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // The channel-filter journey needs 7 or more channels: connect all eight demo channels.
    DEMO_CONNECTED_CHANNELS: '8',
    // The demo account is on the free trial: room for its eight channels and one more.
    TRIAL_CHANNELS: '10',
    // The AI journeys walk /optimize, which only exists with its feature flag.
    FEATURE_NEW_OPTIMIZE_PAGE: 'true',
    // A small month, so the AI journey reaches the quota-exceeded state with few generations
    // (per channel: ai-metadata and ai-optimize use channels of their own).
    AI_GENERATIONS_PER_MONTH: '4',
  };
}
