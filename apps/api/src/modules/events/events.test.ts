import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pageViews, usageEvents } from '../../db/schema/index.ts';
import {
  createTestApp,
  openTestDatabase,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { EventsService, storableText } from './events.service.ts';

const silent = pino({ level: 'silent' });
const json = { 'content-type': 'application/json' };

const countRows = async (database: Database, table: 'usage_events' | 'page_views') => {
  const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

/** Makes inserts into a table fail (renamed away) until the returned restore runs. */
async function breakTable(database: Database, table: string): Promise<() => Promise<void>> {
  await database.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
  return async () => {
    await database.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
  };
}

describe.each(testBackends())('usage events over HTTP (%s)', (backend) => {
  let t: TestApp;
  let userId: string;
  let cookie: string;
  beforeAll(async () => {
    // A long interval: nothing is written until a test flushes, so "accepted" is observable.
    t = await createTestApp(backend, { eventBatch: { flushIntervalMs: 60_000 } });
    userId = await t.createUser('eve@example.com');
    cookie = await t.login('eve@example.com', TEST_PASSWORD);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...json, ...extra },
      payload: JSON.stringify(payload),
    });

  it('answers 202 before storing, then stores the event with user and channel', async () => {
    const res = await post(
      '/api/users/event',
      {
        anonymousId: 'anon-eve',
        data: {
          event: 'navigation.click',
          payload: { item: 'ideation', channelId: 'ch-1', channelYtId: 'UC1', email: 'x' },
        },
      },
      { cookie },
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    // Acknowledged, not yet written: the caller never waits for the database.
    expect(await countRows(t.database, 'usage_events')).toBe(0);
    await t.services.events.flush();
    const rows = await t.database.db.select().from(usageEvents);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      anonymousId: 'anon-eve',
      userId,
      channelId: 'ch-1',
      event: 'navigation.click',
      payload: { item: 'ideation', channelId: 'ch-1', channelYtId: 'UC1' },
    });
  });

  it('stores anonymous events without a user, and page views with their data', async () => {
    expect(
      (await post('/api/users/event', { anonymousId: 'anon-x', data: { event: 'landing' } }))
        .statusCode,
    ).toBe(202);
    const view = await post(
      '/api/users/event/page',
      { url: '/optimization', title: 'Optimization', anonymousId: 'anon-eve', data: { a: 1 } },
      { cookie },
    );
    expect(view.statusCode).toBe(202);
    expect(view.json()).toEqual({ accepted: true });
    await t.services.events.flush();
    const [event] = await t.database.db
      .select()
      .from(usageEvents)
      .where(sql`${usageEvents.anonymousId} = 'anon-x'`);
    expect(event).toMatchObject({ userId: null, channelId: null, event: 'landing', payload: {} });
    const views = await t.database.db.select().from(pageViews);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      anonymousId: 'anon-eve',
      userId,
      url: '/optimization',
      title: 'Optimization',
      data: { a: 1 },
    });
  });

  it('never fails the caller while storage fails, and stores the events after recovery', async () => {
    const before = await countRows(t.database, 'usage_events');
    const restore = await breakTable(t.database, 'usage_events');
    try {
      for (let i = 0; i < 3; i++) {
        const res = await post(
          '/api/users/event',
          { anonymousId: 'anon-outage', data: { event: `during-outage-${i}` } },
          { cookie },
        );
        expect(res.statusCode).toBe(202);
      }
      await t.services.events.flush();
    } finally {
      await restore();
    }
    expect(await countRows(t.database, 'usage_events')).toBe(before);
    await t.services.events.flush();
    expect(await countRows(t.database, 'usage_events')).toBe(before + 3);
  });

  it('still accepts the event when the session store fails, recording it without a user', async () => {
    // A session never checked before, so it is not in the session cache.
    const fresh = await t.login('eve@example.com', TEST_PASSWORD);
    const restore = await breakTable(t.database, 'session_tokens');
    try {
      const res = await post(
        '/api/users/event',
        { anonymousId: 'anon-nosession', data: { event: 'while-sessions-down' } },
        { cookie: fresh },
      );
      expect(res.statusCode).toBe(202);
    } finally {
      await restore();
    }
    await t.services.events.flush();
    const [row] = await t.database.db
      .select()
      .from(usageEvents)
      .where(sql`${usageEvents.anonymousId} = 'anon-nosession'`);
    expect(row).toMatchObject({ userId: null, event: 'while-sessions-down' });
  });
});

describe.each(testBackends())('usage event batching (%s)', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('stores exactly every acknowledged event of a burst when the app closes', async () => {
    const before = await countRows(database, 'usage_events');
    const app = await createTestApp(backend, {
      database,
      eventBatch: { maxBatch: 17, flushIntervalMs: 20 },
    });
    const n = 300;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        app.app.inject({
          method: 'POST',
          url: i % 3 === 0 ? '/api/users/event/page' : '/api/users/event',
          headers: json,
          payload: JSON.stringify(
            i % 3 === 0
              ? { url: `/p/${i}`, title: 'P', anonymousId: `burst-${i}` }
              : { anonymousId: `burst-${i}`, data: { event: 'burst' } },
          ),
        }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 202)).toBe(true);
    await app.close();
    const events = await database.db
      .select({ anonymousId: usageEvents.anonymousId })
      .from(usageEvents);
    const views = await database.db.select({ anonymousId: pageViews.anonymousId }).from(pageViews);
    const ids = [...events, ...views]
      .map((r) => r.anonymousId)
      .filter((id) => id.startsWith('burst-'));
    expect(ids).toHaveLength(n);
    expect(new Set(ids).size).toBe(n);
    expect(await countRows(database, 'usage_events')).toBe(before + (n - n / 3));
  });

  it('flushes a full batch without waiting for the interval', async () => {
    const events = new EventsService(database.db, silent, { maxBatch: 5, flushIntervalMs: 60_000 });
    const before = await countRows(database, 'usage_events');
    for (let i = 0; i < 5; i++) {
      events.recordEvent({ anonymousId: 'full-batch', event: 'e', payload: {} });
    }
    await events.flush();
    expect(await countRows(database, 'usage_events')).toBe(before + 5);
    await events.close();
  });

  it('keeps rows through a storage outage and drops (and counts) only beyond the buffer', async () => {
    const events = new EventsService(database.db, silent, {
      maxBatch: 100,
      flushIntervalMs: 60_000,
      maxBuffered: 10,
    });
    const before = await countRows(database, 'usage_events');
    const restore = await breakTable(database, 'usage_events');
    try {
      for (let i = 0; i < 8; i++) {
        events.recordEvent({ anonymousId: 'overflow', event: `e${i}`, payload: {} });
      }
      await events.flush();
      expect(events.dropped).toBe(0);
      for (let i = 8; i < 15; i++) {
        events.recordEvent({ anonymousId: 'overflow', event: `e${i}`, payload: {} });
      }
      expect(events.dropped).toBe(5);
    } finally {
      await restore();
    }
    await events.close();
    expect(await countRows(database, 'usage_events')).toBe(before + 10);
    const kept = await database.db
      .select({ event: usageEvents.event })
      .from(usageEvents)
      .where(sql`${usageEvents.anonymousId} = 'overflow'`);
    // The oldest rows were dropped; the newest ten were kept.
    expect(kept.map((r) => r.event).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `e${i + 5}`).sort(),
    );
  });

  it('retries on close so a short outage at shutdown loses nothing', async () => {
    const events = new EventsService(database.db, silent, { flushIntervalMs: 60_000 });
    const before = await countRows(database, 'usage_events');
    const restore = await breakTable(database, 'usage_events');
    events.recordEvent({ anonymousId: 'shutdown', event: 'late', payload: {} });
    // The table comes back while close() is retrying.
    const closing = events.close();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await restore();
    await closing;
    expect(await countRows(database, 'usage_events')).toBe(before + 1);
  });
});

describe.each(testBackends())('any text a client sends is stored as sent (%s)', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('round-trips arbitrary strings (quotes, backslashes, braces, NUL, lone surrogates)', async () => {
    const events = new EventsService(database.db, pino({ level: 'silent' }), {
      flushIntervalMs: 5,
    });
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const samples = fc.sample(fc.record({ id: text, event: text, key: text, value: text }), 60);
    samples.forEach((s, i) =>
      events.recordEvent({
        anonymousId: `${i}:${s.id}`,
        userId: null,
        channelId: null,
        event: s.event,
        payload: { [s.key]: s.value, list: [s.value, 'NULL', '{"a":1}'] },
      }),
    );
    await events.close();
    const rows = await database.db.select().from(usageEvents);
    expect(rows).toHaveLength(samples.length);
    const byId = new Map(rows.map((r) => [r.anonymousId, r]));
    samples.forEach((s, i) => {
      const row = byId.get(storableText(`${i}:${s.id}`));
      expect(row, `sample ${i}`).toBeDefined();
      expect(row!.event).toBe(storableText(s.event));
      expect(row!.payload).toEqual({
        [storableText(s.key)]: storableText(s.value),
        list: [storableText(s.value), 'NULL', '{"a":1}'],
      });
    });
  });
});
