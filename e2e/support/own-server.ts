/**
 * A server of a journey's own: the same embedded server as playwright.config.ts starts
 * (support/server.ts, a fresh DATA_DIR removed afterwards), on a free port of 127.0.0.1. For a
 * journey that changes what every other journey relies on, such as moving the clock weeks on
 * (the demo account's trial would end under everyone else). `test` here gives such a journey its
 * server for the length of the test: `baseURL` (so `page`, `request` and relative URLs) points
 * at it, and the server's output is attached to the test when it fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { test as base } from './test.ts';
import { E2E_DIR, NODE_BIN, serverEnv } from './server-env.ts';

/** A running server of a journey's own. */
export interface OwnServer {
  baseURL: string;
  /** Stops it (SIGTERM to its process group; SIGKILL if it has not exited in time). */
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves when the process has exited, or after `ms` (false then). */
function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, ms);
    child.once('exit', onExit);
  });
}

/** Signals the server's process group (support/server.ts and the main.ts it started). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

/** First start: migrations, pg-boss, the demo password's hash and its seeded channels. */
const START_TIMEOUT_MS = 180_000;
/** support/server.ts forces main.ts down after 15 s and then removes the data directory. */
const STOP_TIMEOUT_MS = 25_000;

/**
 * Starts a server with `env` over the journeys' environment and waits until it is ready. Its
 * output goes to `logFile`.
 */
export async function startOwnServer(options: {
  env?: Record<string, string>;
  logFile: string;
}): Promise<OwnServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const log = openSync(options.logFile, 'a');
  const child = spawn(NODE_BIN, ['support/server.ts'], {
    cwd: E2E_DIR,
    env: { ...process.env, ...serverEnv(port), ...options.env },
    // Its own process group, so a stop reaches main.ts too (as Playwright's webServer does).
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const stop = async (): Promise<void> => {
    signalGroup(child, 'SIGTERM');
    if (!(await exited(child, STOP_TIMEOUT_MS))) {
      signalGroup(child, 'SIGKILL');
      await exited(child, 5_000);
    }
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The journey's server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${readFileSync(options.logFile, 'utf8')}`,
      );
    }
    const ready = await fetch(`${baseURL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { baseURL, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The journey's server was not ready after ${START_TIMEOUT_MS / 1000} s.`);
    }
    await exited(child, 250);
  }
}

/**
 * The journeys' `test` (support/test.ts) with a server of the test's own (`ownServerEnv`: what
 * it changes in the server's environment); `baseURL` is that server's.
 */
export const test = base.extend<{ ownServerEnv: Record<string, string>; ownServer: OwnServer }>({
  ownServerEnv: [{}, { option: true }],
  ownServer: [
    async ({ ownServerEnv }, use, testInfo) => {
      mkdirSync(testInfo.outputDir, { recursive: true });
      const logFile = testInfo.outputPath('server.log');
      const server = await startOwnServer({ env: ownServerEnv, logFile });
      try {
        await use(server);
      } finally {
        await server.stop();
        if (testInfo.status !== testInfo.expectedStatus)
          await testInfo.attach('server.log', { path: logFile, contentType: 'text/plain' });
      }
    },
    // Its own time: a first start may take a while on a busy machine.
    { timeout: START_TIMEOUT_MS + STOP_TIMEOUT_MS },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
});

export { expect } from './test.ts';
