// Child processes for the kill -9 tests: the API or the emulator in a process of its own, a
// free loopback port, and a bounded wait for what those processes do.
import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (scripts are started from there). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Whether a test that needs a second process on the same database may run: only with PostgreSQL
 * (DATABASE_URL); in CI its absence is an error, elsewhere the test is skipped with a warning.
 */
export function needsPostgres(what: string): boolean {
  if (process.env.DATABASE_URL) return true;
  if (process.env.CI === 'true') throw new Error(`${what} needs DATABASE_URL (PostgreSQL) in CI`);
  console.warn(`Skipping ${what}: it needs PostgreSQL (set DATABASE_URL) for a second process.`);
  return false;
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child process with its output kept for failure messages. */
export interface Child {
  proc: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

/** Starts a script of the repository with this Node and only the given environment (and PATH). */
export function startNode(script: string, env: Record<string, string>): Child {
  const proc = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  proc.stdout!.on('data', (chunk: Buffer) => output.push(String(chunk)));
  proc.stderr!.on('data', (chunk: Buffer) => output.push(String(chunk)));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return { proc, output, exited };
}

/** Stops a child (SIGKILL by default: no shutdown hook, no flush, no answer) and waits for it. */
export async function kill(child: Child | undefined, signal: NodeJS.Signals = 'SIGKILL') {
  if (!child || child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill(signal);
  await child.exited;
}

/** Polls `check` until it returns a value, or fails after `ms` with what it waited for. */
export async function until<T>(
  what: string,
  ms: number,
  check: () => Promise<T | undefined | false>,
  logs?: () => string,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${ms} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}${
          logs ? `\n--- process output ---\n${logs().slice(-4000)}` : ''
        }`,
      );
    await sleep(100);
  }
}
