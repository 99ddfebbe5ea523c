// Tracked keywords through the real app on PGlite and PostgreSQL: a pasted list is normalised,
// deduplicated case-insensitively and answered keyword by keyword; the same keyword may be
// tracked in several languages; the per-channel limit has its own code and a clear message;
// delete answers what it deleted so an undo can add it back; members share the list.
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  channelMembers,
  channels,
  channelSettings,
  keywordMetrics,
  keywordRanks,
  serpChecks,
  trackedKeywords,
  videoKeywords,
  videos,
} from '../../db/schema/index.ts';
import { isSendableKeyword, normalizeKeyword } from '../keywords/index.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { splitKeywordList } from './tracked-keywords.service.ts';

const LIMIT = 8;
const TRAIL_YT = 'UCtrackccccccccccccccccc';
const DEPTH = 50;
/** The UTC day `days` days ago. */
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('splitKeywordList', () => {
  it('splits on lines, commas, semicolons and tabs, dropping blanks', () => {
    expect(splitKeywordList('a, b\r\nc;d\te\n\n ,f ')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(splitKeywordList('  \n , ')).toEqual([]);
  });
});

type ListItem = {
  id: string;
  keyword: string;
  language: string;
  volume: number | null;
  competition: number | null;
  rank: number | null;
  video: { id: string; title: string; thumbnailUrl: string | null } | null;
  change7: number | null;
  day: string | null;
  checkedAt: string | null;
};

describe.each(testBackends())('tracked keywords (%s)', (backend) => {
  let t: TestApp;
  let owner: string;
  let member: string;
  let channelId: string;
  let otherId: string;
  let trailId: string;

  beforeAll(async () => {
    t = await createTestApp(backend, {
      env: { TRACKED_KEYWORDS_MAX: String(LIMIT), RANK_CHECK_DEPTH: String(DEPTH) },
    });
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

    // A third channel with a known history: ranks, a synced video, figures and checks.
    const [trail] = await db
      .insert(channels)
      .values({ youtubeId: TRAIL_YT, name: 'Trail Mix' })
      .returning();
    trailId = trail!.id;
    await db.insert(channelMembers).values({ channelId: trailId, userId: ownerId, role: 'owner' });
    await db.insert(videos).values([
      {
        channelId: trailId,
        youtubeId: 'vid-granola',
        title: 'Granola on the trail',
        description: '',
        tags: [],
        thumbnails: {
          medium: { url: 'https://i.ytimg.com/vi/granola/mqdefault.jpg', width: 320, height: 180 },
        },
        localizations: {},
        searchTerm: 'Trail Granola',
        publishedAt: new Date('2024-05-01T00:00:00Z'),
      },
      {
        channelId: trailId,
        youtubeId: 'vid-boots',
        title: 'Boots that last',
        description: '',
        tags: [],
        thumbnails: {},
        localizations: {},
        searchTerm: 'hiking boots',
        publishedAt: new Date('2024-04-01T00:00:00Z'),
      },
    ]);
    await db.insert(videoKeywords).values([
      { channelId: trailId, videoYoutubeId: 'vid-boots', keyword: 'waterproof boots' },
      { channelId: trailId, videoYoutubeId: 'vid-boots', keyword: 'hiking boots' },
    ]);
    const rank = (keyword: string, day: string, position: number | null) => ({
      channelId: trailId,
      keyword,
      language: 'en-us',
      day,
      position,
      videoId: position === null ? null : 'vid-granola',
    });
    await db.insert(keywordRanks).values([
      rank('trail granola', daysAgo(0), 3),
      rank('trail granola', daysAgo(7), 10),
      rank('trail snacks', daysAgo(1), null),
      // No check exactly 7 days before: the change counts from the earliest check since.
      rank('trail snacks', daysAgo(5), 20),
    ]);
    const check = (keyword: string, day: string, own: number | null) => ({
      keyword,
      locationCode: 2840,
      languageCode: 'en',
      day,
      depth: DEPTH,
      status: 'done' as const,
      videos: Array.from({ length: 5 }, (_, i): [string, string, string, string, null, null] =>
        i + 1 === own
          ? ['vid-granola', TRAIL_YT, 'Granola on the trail', 'Trail Mix', null, null]
          : [`other-${i}`, 'UCotheraaaaaaaaaaaaaaaaa', `Other ${i}`, 'Other', null, null],
      ),
      totalResults: 100,
      checkedAt: new Date(`${day}T06:30:00Z`),
      source: 'test',
    });
    await db
      .insert(serpChecks)
      .values([
        check('trail granola', daysAgo(0), 3),
        check('trail granola', daysAgo(7), 4),
        check('trail snacks', daysAgo(1), null),
        check('energy bars', daysAgo(2), 2),
        check('camp stove', daysAgo(1), 4),
        check('old phrase', daysAgo(30), 1),
      ]);
    await db.insert(keywordMetrics).values({
      keyword: 'trail granola',
      locationCode: 2840,
      languageCode: 'en',
      volume: 1900,
      competition: 0.42,
      cpc: 0.3,
      source: 'test',
      fetchedAt: new Date(),
    });
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
      items: ListItem[];
      limit: number;
      depth: number;
      state: string;
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
        message: `This channel's plan tracks up to ${LIMIT} keywords. It tracks ${before}, so ${room} more fit; delete some, add fewer or choose a larger plan.`,
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
  it('lists each keyword with its figures, latest rank, ranking video, change and last check', async () => {
    const added = await add(owner, trailId, { text: 'trail granola\ntrail snacks\nnever checked' });
    expect(added.statusCode, added.body).toBe(201);
    const body = await list(owner, trailId);
    expect(body.depth).toBe(DEPTH);
    expect(body.state).toBe('loaded');
    const byKeyword = new Map(body.items.map((i) => [i.keyword, i]));
    expect(byKeyword.get('trail granola')).toMatchObject({
      language: 'en-us',
      volume: 1900,
      competition: 0.42,
      rank: 3,
      video: {
        id: 'vid-granola',
        title: 'Granola on the trail',
        thumbnailUrl: 'https://i.ytimg.com/vi/granola/mqdefault.jpg',
      },
      change7: 7,
      day: daysAgo(0),
      checkedAt: `${daysAgo(0)}T06:30:00.000Z`,
    });
    // No rank now, 20 four days before (its earliest check of the week): no rank counts as
    // depth + 1.
    expect(byKeyword.get('trail snacks')).toMatchObject({
      volume: null,
      competition: null,
      rank: null,
      video: null,
      change7: 20 - (DEPTH + 1),
      day: daysAgo(1),
      checkedAt: `${daysAgo(1)}T06:30:00.000Z`,
    });
    expect(byKeyword.get('never checked')).toMatchObject({
      rank: null,
      video: null,
      change7: null,
      day: null,
      checkedAt: null,
    });
  });

  it('suggests search terms, bookmarks and phrases the videos rank for, not those tracked', async () => {
    const res = await call(owner, { method: 'GET', url: `${url(trailId)}/suggestions` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      language: string;
      items: {
        keyword: string;
        source: string;
        videoTitle: string | null;
        position: number | null;
      }[];
    };
    expect(body.language).toBe('en-us');
    // 'trail granola' is tracked; 'hiking boots' is a search term first; 'old phrase' is too old
    // and 'trail snacks' has no video of the channel.
    expect(body.items).toEqual([
      {
        keyword: 'hiking boots',
        source: 'search-term',
        videoTitle: 'Boots that last',
        position: null,
      },
      {
        keyword: 'waterproof boots',
        source: 'bookmark',
        videoTitle: 'Boots that last',
        position: null,
      },
      {
        keyword: 'energy bars',
        source: 'ranking',
        videoTitle: 'Granola on the trail',
        position: 2,
      },
      { keyword: 'camp stove', source: 'ranking', videoTitle: 'Granola on the trail', position: 4 },
    ]);
    // In another language nothing ranks and nothing is tracked yet.
    const german = await call(owner, {
      method: 'GET',
      url: `${url(trailId)}/suggestions?language=de-de`,
    });
    expect(german.statusCode, german.body).toBe(200);
    expect((german.json() as typeof body).items.map((i) => i.keyword)).toEqual([
      'trail granola',
      'hiking boots',
      'waterproof boots',
    ]);
    const unknown = await call(owner, {
      method: 'GET',
      url: `${url(trailId)}/suggestions?language=xx-yy`,
    });
    expect(unknown.statusCode).toBe(400);
    // Someone not on the channel gets the same answer as for a channel that does not exist.
    const stranger = await t.createUser('stranger@example.com', TEST_PASSWORD);
    expect(stranger).toBeTruthy();
    const strangerCookie = await t.login('stranger@example.com', TEST_PASSWORD);
    const refused = await call(strangerCookie, {
      method: 'GET',
      url: `${url(trailId)}/suggestions`,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('keeps the rank history through a delete and its undo', async () => {
    const before = await list(owner, trailId);
    const granola = before.items.find((i) => i.keyword === 'trail granola')!;
    const res = await call(owner, {
      method: 'POST',
      url: `${url(trailId)}/delete`,
      payload: { ids: [granola.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { deleted } = res.json() as { deleted: ListItem[] };
    expect(deleted.map((d) => [d.keyword, d.language])).toEqual([['trail granola', 'en-us']]);
    const history = await t.database.db
      .select()
      .from(keywordRanks)
      .where(eq(keywordRanks.channelId, trailId));
    expect(history.filter((h) => h.keyword === 'trail granola')).toHaveLength(2);
    expect((await list(owner, trailId)).items.map((i) => i.keyword)).not.toContain('trail granola');

    // Undo adds the answer's keywords back in their language: the same rank, video and change.
    const back = await add(owner, trailId, {
      text: deleted.map((d) => d.keyword).join('\n'),
      language: deleted[0]!.language,
    });
    expect(back.statusCode, back.body).toBe(201);
    const after = (await list(owner, trailId)).items.find((i) => i.keyword === 'trail granola');
    const { id: _old, ...kept } = granola;
    const { id: _new, ...restored } = after!;
    expect({ ...restored, addedAt: undefined }).toEqual({ ...kept, addedAt: undefined });
  });

  it('never answers 500 and stores only normalised keywords, whatever the text', async () => {
    const hostile = fc.constantFrom(
      '\u0000',
      '\ud800',
      '\udfff',
      '\u200b',
      '\u202e',
      '\ufeff',
      '😀',
      '👩‍👩‍👧',
      'مرحبا بالعالم',
      'שלום',
      'İstanbul',
      'ß',
      'ＦＵＬＬ',
      'ﬁ',
      '!!!',
      ',',
      ';',
      '\n',
      '\r\n',
      '\t',
      ' ',
      'a'.repeat(81),
    );
    const text = fc
      .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), hostile), { maxLength: 6 })
      .map((parts) => parts.join(''));
    const language = fc.constantFrom(undefined, 'en-us', 'de-de', 'ar-sa', 'he-il', 'nope');
    await fc.assert(
      fc.asyncProperty(text, language, async (value, lang) => {
        const res = await add(owner, otherId, { text: value, ...(lang ? { language: lang } : {}) });
        expect([201, 400, 409], res.body).toContain(res.statusCode);
        const rows = await t.database.db
          .select({ keyword: trackedKeywords.keyword })
          .from(trackedKeywords)
          .where(eq(trackedKeywords.channelId, otherId));
        for (const { keyword } of rows) {
          expect(normalizeKeyword(keyword)).toBe(keyword);
          expect(isSendableKeyword(keyword)).toBe(true);
        }
        if (res.statusCode === 201) {
          await t.database.db.delete(trackedKeywords).where(eq(trackedKeywords.channelId, otherId));
        }
      }),
      { numRuns: 60 },
    );
  });
});
