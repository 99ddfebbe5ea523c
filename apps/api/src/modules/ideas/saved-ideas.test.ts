// Saved ideas, folders and scripts through the real app on PGlite and PostgreSQL: the default
// folder always exists and stays, a deleted folder's ideas move to it, ideas move between
// folders, another channel's ids are 404, two people of a channel share everything, and
// scripts never silently overwrite each other (revisions, 409 with the current version).
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FOLDER_NAME, type IdeaFolder, type SavedIdea } from '@tubewise/contract';
import { channelMembers, channels, ideaFolders, videoScripts } from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import {
  startKeywordDataEmulator,
  type KeywordDataEmulator,
} from '../keywords/keywords.testing.ts';

let kd: KeywordDataEmulator;
beforeAll(async () => {
  kd = await startKeywordDataEmulator();
});
afterAll(() => kd?.close());

describe.each(testBackends())('saved ideas, folders and scripts (%s)', (backend) => {
  let t: TestApp;
  let owner: string;
  let member: string;
  let stranger: string;
  let channelId: string;
  let otherChannelId: string;

  beforeAll(async () => {
    t = await createTestApp(backend, { keywordData: kd.adapter });
    const ownerId = await t.createUser('owner@example.com');
    const memberId = await t.createUser('member@example.com');
    const strangerId = await t.createUser('stranger@example.com');
    const db = t.database.db;
    const [mine, theirs] = await db
      .insert(channels)
      .values([
        { youtubeId: 'UCideasaaaaaaaaaaaaaaaaa', name: 'Camp Kitchen' },
        { youtubeId: 'UCideasbbbbbbbbbbbbbbbbb', name: 'Other Channel' },
      ])
      .returning();
    channelId = mine!.id;
    otherChannelId = theirs!.id;
    await db.insert(channelMembers).values([
      { channelId, userId: ownerId, role: 'owner' },
      { channelId, userId: memberId, role: 'member' },
      { channelId: otherChannelId, userId: strangerId, role: 'owner' },
    ]);
    owner = await t.login('owner@example.com', TEST_PASSWORD);
    member = await t.login('member@example.com', TEST_PASSWORD);
    stranger = await t.login('stranger@example.com', TEST_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (cookie: string, opts: InjectOptions) =>
    t.app.inject({
      ...opts,
      headers: {
        cookie,
        ...(opts.method !== 'GET' ? { 'content-type': 'application/json' } : {}),
      },
    });
  const folders = async (cookie: string, channel = channelId): Promise<IdeaFolder[]> => {
    const res = await call(cookie, {
      method: 'GET',
      url: `/api/ideas/folders?channelId=${channel}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: IdeaFolder[] }>().items;
  };
  const saved = async (cookie: string, folder?: string): Promise<SavedIdea[]> => {
    const res = await call(cookie, {
      method: 'GET',
      url: `/api/ideas/saved?channelId=${channelId}${folder ? `&folder=${folder}` : ''}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: SavedIdea[] }>().items;
  };
  const save = (cookie: string, body: Record<string, unknown>) =>
    call(cookie, { method: 'POST', url: '/api/ideas/saved', payload: { channelId, ...body } });
  const createFolder = async (cookie: string, name: string): Promise<IdeaFolder> => {
    const res = await call(cookie, {
      method: 'POST',
      url: '/api/ideas/folders',
      payload: { channelId, name },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<IdeaFolder>();
  };

  it('always has exactly one default folder, created once even when asked at the same time', async () => {
    const lists = await Promise.all([folders(owner), folders(member), folders(owner)]);
    for (const list of lists) {
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ name: DEFAULT_FOLDER_NAME, isDefault: true, ideaCount: 0 });
    }
    const rows = await t.database.db
      .select()
      .from(ideaFolders)
      .where(and(eq(ideaFolders.channelId, channelId), eq(ideaFolders.isDefault, true)));
    expect(rows).toHaveLength(1);
    // A second default row is refused by the database itself.
    await expect(
      t.database.db.insert(ideaFolders).values({ channelId, name: 'x', isDefault: true }),
    ).rejects.toThrow();
  });

  it('refuses to rename or delete the default folder', async () => {
    const [def] = await folders(owner);
    const rename = await call(owner, {
      method: 'PATCH',
      url: `/api/ideas/folders/${def!.id}`,
      payload: { name: 'Renamed' },
    });
    expect(rename.statusCode).toBe(403);
    const remove = await call(owner, { method: 'DELETE', url: `/api/ideas/folders/${def!.id}` });
    expect(remove.statusCode).toBe(403);
    expect((await folders(owner))[0]).toMatchObject({ name: DEFAULT_FOLDER_NAME, isDefault: true });
  });

  it('saves ideas with figures, once per phrase and language, shared by the channel', async () => {
    // Saving spends no provider call: the figures are the cached ones (discover fetched them).
    await t.services.keywords.metrics(['dutch oven bread'], 'en-us');
    const first = await save(owner, { phrase: '  Dutch   oven bread ' });
    expect(first.statusCode, first.body).toBe(201);
    const idea = first.json<SavedIdea>();
    const [def] = await folders(owner);
    expect(idea).toMatchObject({
      phrase: 'Dutch oven bread',
      languageId: 'en-us',
      folderId: def!.id,
      savedByName: 'Test User',
      scriptUpdatedAt: null,
    });
    expect(idea.volume).toEqual(expect.any(Number));
    expect(idea.opportunity).toBeGreaterThan(0);
    expect(idea.reason).toMatch(/demand/);
    // Without cached figures, what is known is stored: no volume, and a reason that says so.
    const unknown = await save(owner, { phrase: 'zzqx never searched phrase' });
    expect(unknown.json<SavedIdea>()).toMatchObject({ volume: null, competition: null });
    expect(unknown.json<SavedIdea>().reason).toMatch(/No search volume/);
    const removed = await call(owner, {
      method: 'DELETE',
      url: `/api/ideas/saved/${unknown.json<SavedIdea>().id}`,
    });
    expect(removed.statusCode).toBe(200);
    // The same idea again (other case and spacing) is the same saved idea.
    const again = await save(member, { phrase: 'dutch OVEN bread' });
    expect(again.json<SavedIdea>().id).toBe(idea.id);
    // The member sees what the owner saved; a stranger sees nothing of it.
    expect((await saved(member)).map((i) => i.id)).toEqual([idea.id]);
    const foreign = await call(stranger, {
      method: 'GET',
      url: `/api/ideas/saved?channelId=${channelId}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call(stranger, { method: 'GET', url: `/api/ideas/folders?channelId=${channelId}` }))
        .statusCode,
    ).toBe(404);
  });

  it('moves ideas between folders, and saving into another folder moves a saved idea', async () => {
    const tutorials = await createFolder(member, 'Tutorials');
    const [idea] = await saved(owner);
    const moved = await call(owner, {
      method: 'PATCH',
      url: `/api/ideas/saved/${idea!.id}`,
      payload: { folderId: tutorials.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<SavedIdea>().folderId).toBe(tutorials.id);
    expect((await saved(member, tutorials.id)).map((i) => i.id)).toEqual([idea!.id]);
    const [def] = await folders(owner);
    expect(await saved(owner, def!.id)).toEqual([]);

    const other = await save(owner, { phrase: 'cast iron pizza', folderId: tutorials.id });
    expect(other.json<SavedIdea>().folderId).toBe(tutorials.id);
    const back = await save(owner, { phrase: 'cast iron pizza', folderId: def!.id });
    expect(back.json<SavedIdea>()).toMatchObject({
      id: other.json<SavedIdea>().id,
      folderId: def!.id,
    });
    const counts = Object.fromEntries((await folders(owner)).map((f) => [f.name, f.ideaCount]));
    expect(counts).toEqual({ [DEFAULT_FOLDER_NAME]: 1, Tutorials: 1 });
  });

  it('renames a folder, and deleting one moves its ideas to the default folder', async () => {
    const list = await folders(owner);
    const tutorials = list.find((f) => f.name === 'Tutorials')!;
    const renamed = await call(owner, {
      method: 'PATCH',
      url: `/api/ideas/folders/${tutorials.id}`,
      payload: { name: 'How-tos' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<IdeaFolder>()).toMatchObject({ name: 'How-tos', ideaCount: 1 });
    // Names are unique per channel whatever their case, the default folder's included.
    for (const name of ['your saved ideas', 'HOW-TOS']) {
      const taken = await call(owner, {
        method: 'POST',
        url: '/api/ideas/folders',
        payload: { channelId, name },
      });
      expect(taken.statusCode, name).toBe(409);
      expect(taken.json<{ error: { message: string } }>().error.message).toContain(name);
    }
    const clash = await call(owner, {
      method: 'PATCH',
      url: `/api/ideas/folders/${tutorials.id}`,
      payload: { name: 'Your Saved Ideas' },
    });
    expect(clash.statusCode).toBe(409);
    const inside = await saved(owner, tutorials.id);
    expect(inside).toHaveLength(1);

    const removed = await call(member, {
      method: 'DELETE',
      url: `/api/ideas/folders/${tutorials.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await folders(owner);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ isDefault: true, ideaCount: 2 });
    expect((await saved(owner)).find((i) => i.id === inside[0]!.id)?.folderId).toBe(after[0]!.id);
    const gone = await call(owner, {
      method: 'GET',
      url: `/api/ideas/saved?channelId=${channelId}&folder=${tutorials.id}`,
    });
    expect(gone.statusCode).toBe(404);
  });

  it("answers 404 for another channel's folders and ideas, and changes nothing", async () => {
    const [theirDefault] = await folders(stranger, otherChannelId);
    const theirs = await call(stranger, {
      method: 'POST',
      url: '/api/ideas/saved',
      payload: { channelId: otherChannelId, phrase: 'campfire coffee' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const theirIdea = theirs.json<SavedIdea>();
    const [mine] = await saved(owner);

    const attempts: [string, InjectOptions][] = [
      [
        owner,
        { method: 'PATCH', url: `/api/ideas/folders/${theirDefault!.id}`, payload: { name: 'x' } },
      ],
      [
        owner,
        {
          method: 'PATCH',
          url: `/api/ideas/saved/${theirIdea.id}`,
          payload: { folderId: theirDefault!.id },
        },
      ],
      [owner, { method: 'DELETE', url: `/api/ideas/saved/${theirIdea.id}` }],
      [owner, { method: 'GET', url: `/api/ideas/saved/${theirIdea.id}/script` }],
      [
        owner,
        {
          method: 'PUT',
          url: `/api/ideas/saved/${theirIdea.id}/script`,
          payload: { content: 'x', baseRevision: 0 },
        },
      ],
      // My idea into their folder, and saving into their folder through my channel.
      [
        owner,
        {
          method: 'PATCH',
          url: `/api/ideas/saved/${mine!.id}`,
          payload: { folderId: theirDefault!.id },
        },
      ],
      [
        owner,
        {
          method: 'POST',
          url: '/api/ideas/saved',
          payload: { channelId, phrase: 'new idea', folderId: theirDefault!.id },
        },
      ],
      [stranger, { method: 'DELETE', url: `/api/ideas/saved/${mine!.id}` }],
      [stranger, { method: 'GET', url: `/api/ideas/saved/${mine!.id}/script` }],
      [owner, { method: 'GET', url: '/api/ideas/saved/not-a-uuid/script' }],
    ];
    for (const [cookie, opts] of attempts) {
      const res = await call(cookie, opts);
      expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body}`).toBe(404);
    }
    expect((await saved(owner)).find((i) => i.id === mine!.id)).toBeDefined();
    expect((await folders(stranger, otherChannelId))[0]).toMatchObject({ ideaCount: 1 });
    expect((await saved(owner)).map((i) => i.phrase)).not.toContain('new idea');
  });

  it('keeps both versions of a script when two people edit it: a stale save is 409 with the current one', async () => {
    const idea = (await save(owner, { phrase: 'camp stove breakfast' })).json<SavedIdea>();
    const url = `/api/ideas/saved/${idea.id}/script`;
    const empty = await call(member, { method: 'GET', url });
    expect(empty.json()).toMatchObject({
      ideaId: idea.id,
      content: '',
      revision: 0,
      updatedAt: null,
    });

    const first = await call(owner, {
      method: 'PUT',
      url,
      payload: { content: '<p>Owner 1</p>', baseRevision: 0 },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ content: '<p>Owner 1</p>', revision: 1 });
    // Both open revision 1; the member saves first.
    const theirs = await call(member, {
      method: 'PUT',
      url,
      payload: { content: '<p>Member 2</p>', baseRevision: 1 },
    });
    expect(theirs.json()).toMatchObject({ revision: 2, content: '<p>Member 2</p>' });
    const stale = await call(owner, {
      method: 'PUT',
      url,
      payload: { content: '<p>Owner 2</p>', baseRevision: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const error = stale.json<{
      error: { code: string; details: { script: { content: string; revision: number } } };
    }>().error;
    expect(error.code).toBe('script-conflict');
    expect(error.details.script).toMatchObject({
      content: '<p>Member 2</p>',
      revision: 2,
      updatedByName: 'Test User',
    });
    // Nothing was overwritten; the owner resolves against revision 2 and keeps both texts.
    expect((await call(owner, { method: 'GET', url })).json()).toMatchObject({
      content: '<p>Member 2</p>',
      revision: 2,
    });
    const merged = await call(owner, {
      method: 'PUT',
      url,
      payload: { content: '<p>Member 2</p><p>Owner 2</p>', baseRevision: 2 },
    });
    expect(merged.json()).toMatchObject({ revision: 3, content: '<p>Member 2</p><p>Owner 2</p>' });
    // A first save racing an existing script is a conflict too, not an overwrite.
    const late = await call(member, {
      method: 'PUT',
      url,
      payload: { content: '<p>new tab</p>', baseRevision: 0 },
    });
    expect(late.statusCode).toBe(409);

    // Two saves on the same revision at the same moment: exactly one wins.
    const race = await Promise.all(
      ['A', 'B'].map((who) =>
        call(who === 'A' ? owner : member, {
          method: 'PUT',
          url,
          payload: { content: `<p>${who}</p>`, baseRevision: 3 },
        }),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const current = (await call(owner, { method: 'GET', url })).json<{
      revision: number;
      content: string;
    }>();
    expect(current.revision).toBe(4);
    expect(['<p>A</p>', '<p>B</p>']).toContain(current.content);
    expect((await saved(member)).find((i) => i.id === idea.id)?.scriptUpdatedAt).toEqual(
      expect.any(String),
    );
  });

  it('keeps every replaced version of a script, so "keep mine" never loses the other text', async () => {
    const idea = (await save(owner, { phrase: 'campfire pancakes' })).json<SavedIdea>();
    const url = `/api/ideas/saved/${idea.id}/script`;
    const put = (who: string, content: string, baseRevision: number) =>
      call(who, { method: 'PUT', url, payload: { content, baseRevision } });
    expect((await put(owner, '<p>First</p>', 0)).statusCode).toBe(200);
    expect((await put(member, '<p>Theirs</p>', 1)).statusCode).toBe(200);
    expect((await put(owner, '<p>Mine</p>', 1)).statusCode).toBe(409);
    // The owner keeps theirs on top of revision 2: revision 2 ("Theirs") stays in the history.
    expect((await put(owner, '<p>Mine</p>', 2)).json()).toMatchObject({ revision: 3 });
    const versions = await call(member, { method: 'GET', url: `${url}/versions` });
    expect(versions.statusCode).toBe(200);
    expect(
      versions
        .json<{ items: { revision: number; content: string }[] }>()
        .items.map((v) => [v.revision, v.content]),
    ).toEqual([
      [2, '<p>Theirs</p>'],
      [1, '<p>First</p>'],
    ]);
    // A revision beyond any real one is a 400, not a database error.
    expect((await put(owner, '<p>x</p>', 1e12)).statusCode).toBe(400);
  });

  it('stores scripts sanitised and keeps them across a restart', async () => {
    const idea = (await save(member, { phrase: 'foil packet dinners' })).json<SavedIdea>();
    const url = `/api/ideas/saved/${idea.id}/script`;
    const res = await call(member, {
      method: 'PUT',
      url,
      payload: {
        content:
          '<h2 style="x">Hook</h2><script>fetch("/steal")</script><p onmouseover="x()">Go <em>now</em></p>',
        baseRevision: 0,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ content: string }>().content).toBe('<h2>Hook</h2><p>Go <em>now</em></p>');

    const restarted = await createTestApp(backend, {
      database: t.database,
      keywordData: kd.adapter,
    });
    try {
      const again = await restarted.app.inject({
        method: 'GET',
        url,
        headers: { cookie: await restarted.login('member@example.com', TEST_PASSWORD) },
      });
      expect(again.json()).toMatchObject({
        content: '<h2>Hook</h2><p>Go <em>now</em></p>',
        revision: 1,
      });
    } finally {
      await restarted.close();
    }
  });

  it('deletes a saved idea with its script', async () => {
    const idea = (await save(owner, { phrase: 'dutch oven chili' })).json<SavedIdea>();
    await call(owner, {
      method: 'PUT',
      url: `/api/ideas/saved/${idea.id}/script`,
      payload: { content: '<p>x</p>', baseRevision: 0 },
    });
    const res = await call(member, { method: 'DELETE', url: `/api/ideas/saved/${idea.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await saved(owner)).map((i) => i.id)).not.toContain(idea.id);
    const scripts = await t.database.db
      .select()
      .from(videoScripts)
      .where(eq(videoScripts.savedIdeaId, idea.id));
    expect(scripts).toEqual([]);
    expect(
      (await call(owner, { method: 'GET', url: `/api/ideas/saved/${idea.id}/script` })).statusCode,
    ).toBe(404);
  });
});
