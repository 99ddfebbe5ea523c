// Tracked keywords through the real app on PGlite and PostgreSQL: a pasted list is normalised,
// deduplicated case-insensitively and answered keyword by keyword; the same keyword may be
// tracked in several languages; the per-channel limit has its own code and a clear message;
// delete answers what it deleted so an undo can add it back; members share the list.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelMembers, channels, channelSettings } from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { splitKeywordList } from './tracked-keywords.service.ts';

const LIMIT = 8;

describe('splitKeywordList', () => {
  it('splits on lines, commas, semicolons and tabs, dropping blanks', () => {
    expect(splitKeywordList('a, b\r\nc;d\te\n\n ,f ')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(splitKeywordList('  \n , ')).toEqual([]);
  });
});

describe.each(testBackends())('tracked keywords (%s)', (backend) => {
  let t: TestApp;
  let owner: string;
  let member: string;
  let channelId: string;
  let otherId: string;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { TRACKED_KEYWORDS_MAX: String(LIMIT) } });
    const ownerId = await t.createUser('owner@example.com', TEST_PASSWORD);
    const memberId = await t.createUser('member@example.com', TEST_PASSWORD);
    const db = t.database.db;
    const [mine, other] = await db
      .insert(channels)
      .values([
        { youtubeId: 'UCtrackaaaaaaaaaaaaaaaaa', name: 'Camp Kitchen' },
        { youtubeId: 'UCtrackbbbbbbbbbbbbbbbbb', name: 'Bake Lab' },
      ])
      .returning();
    channelId = mine!.id;
    otherId = other!.id;
    await db.insert(channelMembers).values([
      { channelId, userId: ownerId, role: 'owner' },
      { channelId, userId: memberId, role: 'member' },
      { channelId: otherId, userId: ownerId, role: 'owner' },
    ]);
    await db.insert(channelSettings).values({ channelId: otherId, language: 'de-de' });
    owner = await t.login('owner@example.com', TEST_PASSWORD);
    member = await t.login('member@example.com', TEST_PASSWORD);
  });
  afterAll(() => t?.close());

  const call = (cookie: string, opts: InjectOptions) =>
    t.app.inject({
      ...opts,
      headers: {
        cookie,
        ...(opts.method !== 'GET' ? { 'content-type': 'application/json' } : {}),
      },
    });
  const url = (id: string) => `/api/rankings/channels/${id}/keywords`;
  const add = (cookie: string, id: string, payload: Record<string, unknown>) =>
    call(cookie, { method: 'POST', url: url(id), payload });
  const list = async (cookie: string, id: string) => {
    const res = await call(cookie, { method: 'GET', url: url(id) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: { id: string; keyword: string; language: string }[];
      limit: number;
    };
  };

  it('adds a pasted list: normalised, deduplicated, each refusal with its reason', async () => {
    const long = Array.from({ length: 11 }, (_, i) => `word${i}`).join(' ');
    const res = await add(owner, channelId, {
      text: `Dutch Oven Bread\ncamp  cooking, DUTCH OVEN bread\n\n${long}; cast iron care`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as {
      added: { keyword: string; language: string }[];
      refused: { keyword: string; reason: string }[];
    };
    expect(body.added.map((k) => [k.keyword, k.language]).sort()).toEqual([
      ['camp cooking', 'en-us'],
      ['cast iron care', 'en-us'],
      ['dutch oven bread', 'en-us'],
    ]);
    expect(body.refused).toEqual([
      { keyword: 'DUTCH OVEN bread', reason: 'duplicate' },
      { keyword: long, reason: 'too-long' },
    ]);

    // Again: already tracked; the same keyword in another language is a keyword of its own.
    const again = await add(owner, channelId, { text: 'camp cooking\nCamp Cooking' });
    expect(again.json()).toEqual({
      added: [],
      refused: [
        { keyword: 'Camp Cooking', reason: 'duplicate' },
        { keyword: 'camp cooking', reason: 'already-tracked' },
      ],
    });
    const german = await add(owner, channelId, { text: 'camp cooking', language: 'de-de' });
    expect(german.json()).toMatchObject({
      added: [{ keyword: 'camp cooking', language: 'de-de' }],
    });

    // A member sees and edits the same list; another channel has its own (in its language).
    const shared = await list(member, channelId);
    expect(shared.items).toHaveLength(4);
    expect(shared.limit).toBe(LIMIT);
    const other = await add(owner, otherId, { text: 'camp cooking' });
    expect(other.json()).toMatchObject({ added: [{ language: 'de-de' }] });
  });

  it('refuses an empty list and an unknown language, and characters the text rule refuses', async () => {
    const empty = await add(owner, channelId, { text: ' \n , ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { code: 'validation-failed' } });
    const language = await add(owner, channelId, { text: 'x', language: 'xx-yy' });
    expect(language.statusCode).toBe(400);
    expect(language.json()).toMatchObject({ error: { code: 'validation-failed' } });
    const nul = await add(owner, channelId, { text: 'bad\u0000keyword' });
    expect(nul.statusCode).toBe(400);
    expect((await list(owner, channelId)).items).toHaveLength(4);
  });

  it('refuses an add past the limit with its own code, adding nothing', async () => {
    const before = (await list(owner, channelId)).items.length;
    const room = LIMIT - before;
    const tooMany = Array.from({ length: room + 1 }, (_, i) => `limit keyword ${i}`).join('\n');
    const refused = await add(owner, channelId, { text: tooMany });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'tracked-keywords-limit',
        message: `A channel can track up to ${LIMIT} keywords. This one tracks ${before}, so ${room} more fit; delete some or add fewer.`,
      },
    });
    expect((await list(owner, channelId)).items).toHaveLength(before);
    // Exactly the room left fits, and two concurrent adds cannot pass the limit together.
    const [a, b] = await Promise.all([
      add(owner, channelId, { text: 'race one' }),
      add(member, channelId, {
        text: Array.from({ length: room }, (_, i) => `race many ${i}`).join('\n'),
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((await list(owner, channelId)).items.length).toBeLessThanOrEqual(LIMIT);
  });

  it('deletes many, answers them for undo, and ignores ids of other channels', async () => {
    const mine = await list(owner, channelId);
    const theirs = await list(owner, otherId);
    const ids = [mine.items[0]!.id, mine.items[1]!.id, theirs.items[0]!.id];
    const res = await call(owner, {
      method: 'POST',
      url: `${url(channelId)}/delete`,
      payload: { ids },
    });
    expect(res.statusCode, res.body).toBe(200);
    const deleted = (res.json() as { deleted: { id: string; keyword: string; language: string }[] })
      .deleted;
    expect(deleted.map((d) => d.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect((await list(owner, otherId)).items).toHaveLength(1);

    // Undo: the deleted keywords come back with their languages.
    for (const language of new Set(deleted.map((d) => d.language))) {
      const text = deleted
        .filter((d) => d.language === language)
        .map((d) => d.keyword)
        .join('\n');
      const back = await add(owner, channelId, { text, language });
      expect(back.statusCode).toBe(201);
    }
    expect((await list(owner, channelId)).items.length).toBe(mine.items.length);

    const bad = await call(owner, {
      method: 'POST',
      url: `${url(channelId)}/delete`,
      payload: { ids: ['not-a-uuid'] },
    });
    expect(bad.statusCode).toBe(400);
  });
});
