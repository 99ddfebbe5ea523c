// kill -9 of a worker in the middle of a day's rank checks, on PostgreSQL, against the emulator's
// SERP API in this process (so the provider outlives the worker, as DataForSEO does): killed
// while the provider holds the answer of its queue call, and again while it holds a collect.
// A new worker finishes the day, and the provider was asked to queue each check exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmulator,
  EMULATOR_KEYWORD_DATA_CREDENTIALS,
  type Emulator,
} from '@tubewise/emulator';
import type { Database } from '../../db/client.ts';
import { channels, keywordRanks, serpChecks, trackedKeywords } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../testing/test-app.ts';
import { POSTING_LEASE_MS } from './serp-checks.service.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHILD = path.join(here, 'testing', 'run-checks.child.ts');

/** Runs only with PostgreSQL (a second process must reach the same database); CI sets it. */
function enabled(): boolean {
  if (process.env.DATABASE_URL) return true;
  if (process.env.CI === 'true')
    throw new Error('The rank-check kill -9 test needs DATABASE_URL (PostgreSQL) in CI');
  console.warn('Skipping the rank-check kill -9 test: it needs PostgreSQL (set DATABASE_URL).');
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds (bounded). */
async function until(what: string, ms: number, check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}

describe.runIf(enabled())('a day of rank checks survives kill -9 (PostgreSQL)', () => {
  let database: Database;
  let emulator: Emulator;
  let server: FastifyInstance;
  let baseUrl: string;
  /** Endpoints whose answers the server holds (the call is handled, the worker never hears). */
  const held = new Set<string>();
  const output: string[] = [];

  const posted = () =>
    emulator.keywordData.calls().filter((c) => c.path.endsWith('/task_post')).length;
  const collects = () =>
    emulator.keywordData.calls().filter((c) => c.path.includes('/task_get/')).length;

  function startWorker(clockOffsetMs = 0): { proc: ChildProcess; exited: Promise<number | null> } {
    const proc = spawn(process.execPath, [CHILD], {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: database.connectionString!,
        SERP_URL: baseUrl,
        SERP_LOGIN: EMULATOR_KEYWORD_DATA_CREDENTIALS.login,
        SERP_PASSWORD: EMULATOR_KEYWORD_DATA_CREDENTIALS.password,
        CLOCK_OFFSET_MS: String(clockOffsetMs),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (chunk: Buffer) => output.push(String(chunk)));
    proc.stderr!.on('data', (chunk: Buffer) => output.push(String(chunk)));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));
    return { proc, exited };
  }

  async function killDuring(path: string, called: () => number) {
    const before = called();
    held.add(path);
    const worker = startWorker();
    await until(`the worker to call ${path}`, 30_000, () => called() > before);
    worker.proc.kill('SIGKILL');
    await worker.exited;
    held.delete(path);
  }

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await database.migrate();
    emulator = createEmulator({ otherChannels: 20 });
    server = Fastify();
    // Holds the answer of a handled call on a held endpoint until the worker is gone.
    server.addHook('onSend', async (request, _reply, payload) => {
      if ([...held].some((p) => request.url.includes(p)))
        await until(
          'the hold to end',
          60_000,
          () => ![...held].some((p) => request.url.includes(p)),
        );
      return payload;
    });
    await server.register(emulator.plugin, { prefix: '/emulator' });
    await server.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/emulator`;

    const titles = [...emulator.state.corpus.allVideos()]
      .filter((v) => v.privacyStatus === 'public')
      .slice(0, 30)
      .map((v) =>
        v.title
          .toLowerCase()
          .replace(/[^a-z ]/g, ' ')
          .split(/\s+/)
          .filter((w) => w.length > 3)
          .slice(0, 2)
          .join(' '),
      )
      .filter((k) => k.includes(' '));
    const keywords = [...new Set(titles)].slice(0, 6);
    const [one, two] = await database.db
      .insert(channels)
      .values([
        { youtubeId: 'UCkillaaaaaaaaaaaaaaaaaa', name: 'One' },
        { youtubeId: 'UCkillbbbbbbbbbbbbbbbbbb', name: 'Two' },
      ])
      .returning();
    // Two channels share three keywords: six distinct checks in all.
    await database.db
      .insert(trackedKeywords)
      .values([
        ...keywords.map((keyword) => ({ channelId: one!.id, keyword, language: 'en-us' })),
        ...keywords
          .slice(0, 3)
          .map((keyword) => ({ channelId: two!.id, keyword, language: 'en-us' })),
      ]);
  }, 60_000);
  afterAll(async () => {
    held.clear();
    await server?.close();
    await database?.close();
  });

  it('resumes after a kill while queueing and a kill while collecting, queueing each check once', async () => {
    // Killed while the provider holds the queue call's answer: the tasks exist, we never heard.
    await killDuring('/task_post', posted);
    const rows = await database.db.select().from(serpChecks);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === 'posting')).toBe(true);
    expect(posted()).toBe(1);

    // Killed while collecting: the restarted worker adopts the tasks from the ready list.
    await killDuring('/task_get/', collects);
    expect(posted()).toBe(1);

    // A third worker, left alone, finishes the day. The task whose collect was cut off has left
    // the ready list; it is fetched by its id once its lease is over (this worker starts then).
    const worker = startWorker(POSTING_LEASE_MS + 60_000);
    expect(await worker.exited, output.join('')).toBe(0);
    const done = await database.db.select().from(serpChecks);
    expect(done.map((r) => r.status)).toEqual(Array(6).fill('done'));
    expect(posted()).toBe(1);
    expect(new Set(done.map((r) => r.taskId)).size).toBe(6);
    // Every tracking channel has its rank of the day: 6 + 3.
    expect(await database.db.select().from(keywordRanks)).toHaveLength(9);
  }, 120_000);
});
