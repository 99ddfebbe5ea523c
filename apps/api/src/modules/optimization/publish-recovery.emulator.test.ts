// Publishes interrupted at every step (a platform call that never returns stands for a process
// that died there), then finished by a second process's reconciler from what the emulator shows.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Emulator, QuotaLedger } from '@tubewise/emulator';
import { publishJournal, thumbnailUploads } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import { startEmulatorServer, type EmulatorServer } from '../../testing/emulator-server.ts';
import {
  createTestApp,
  openTestDatabase,
  testBackends,
  TestClock,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import type { VideoPlatform } from '../video-platform/index.ts';
import { PUBLISH_LEASE_MS } from './publish-journal.ts';
import { connectEmulatorChannel, syncChannel } from '../../testing/connect-channel.ts';

const ACCOUNT = 'alex.creator@tubewise.test';

/** Where a publish's process "dies": its platform call never returns (before or after it ran). */
type CrashPoint =
  'read' | 'before-update' | 'after-update' | 'before-thumbnail' | 'after-thumbnail';

/**
 * The emulator's adapter, with a switch that makes one step of a publish hang: forever (a
 * process that died there), or, when `resumable` is set, until `resume()` (a process that
 * stalled there past its lease, then carries on).
 */
function crashable(inner: VideoPlatform) {
  const control = {
    at: null as CrashPoint | null,
    reached: 0,
    resumable: false,
    resume: () => {},
  };
  const hang = async (): Promise<void> => {
    control.reached += 1;
    if (!control.resumable) return new Promise<never>(() => {});
    await new Promise<void>((resolve) => (control.resume = resolve));
  };
  const platform = new Proxy(inner, {
    get(target, key, receiver) {
      if (key === 'updateVideo') {
        const update: VideoPlatform['updateVideo'] = async (token, id, edit, hooks = {}) => {
          if (control.at === 'read') await hang();
          const result = await target.updateVideo(token, id, edit, {
            beforeWrite: async (previous, next) => {
              await hooks.beforeWrite?.(previous, next);
              if (control.at === 'before-update') await hang();
            },
          });
          if (control.at === 'after-update') await hang();
          return result;
        };
        return update;
      }
      if (key === 'setThumbnail') {
        const set: VideoPlatform['setThumbnail'] = async (...args) => {
          if (control.at === 'before-thumbnail') await hang();
          const result = await target.setThumbnail(...args);
          if (control.at === 'after-thumbnail') await hang();
          return result;
        };
        return set;
      }
      const member = Reflect.get(target, key, receiver) as unknown;
      return typeof member === 'function' ? member.bind(target) : member;
    },
  });
  return { platform, control };
}

/** Units by method spent between two readings of the emulator's ledger. */
function spent(before: QuotaLedger, after: QuotaLedger): Record<string, number> {
  const read = (l: QuotaLedger) => l.today.unitsByMethod as Record<string, number | undefined>;
  const out: Record<string, number> = {};
  for (const m of new Set([...Object.keys(read(before)), ...Object.keys(read(after))])) {
    const delta = (read(after)[m] ?? 0) - (read(before)[m] ?? 0);
    if (delta) out[m] = delta;
  }
  return out;
}

const image = () =>
  sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 9, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();

describe.each(testBackends())('publishing that survives a crash (%s)', (backend) => {
  let server: EmulatorServer;
  let emulator: Emulator;
  let database: Database;
  /** The process that dies mid-publish (its clock stands still: its leases run out). */
  let dying: TestApp;
  /** The process that takes over, a minute later. */
  let survivor: TestApp;
  let crash: ReturnType<typeof crashable>['control'];
  let cookie: string;
  let channelId: string;
  let youtubeChannelId: string;
  let nextVideo = 0;

  beforeAll(async () => {
    server = await startEmulatorServer();
    emulator = server.emulator;
    database = await openTestDatabase(backend);
    const env = {
      YOUTUBE_API_KEY: 'tubewise-emulator-key',
      THUMBNAIL_MAX_BYTES: '300000',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    const wrapped = crashable(server.adapter);
    crash = wrapped.control;
    const start = Date.now();
    dying = await createTestApp(backend, {
      database,
      platform: wrapped.platform,
      clock: new TestClock(start),
      env,
    });
    survivor = await createTestApp(backend, {
      database,
      platform: server.adapter,
      clock: new TestClock(start + 6 * PUBLISH_LEASE_MS),
      env,
    });
    const record = emulator.control.addChannel({ videoCount: 24, owner: ACCOUNT });
    youtubeChannelId = record.id;
    const email = 'recovery-owner@example.com';
    const userId = await dying.createUser(email);
    channelId = await connectEmulatorChannel(dying.services, emulator, {
      userId,
      youtubeChannelId: record.id,
      account: ACCOUNT,
    });
    await syncChannel(dying.services, channelId);
    cookie = await dying.login(email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await dying?.close();
    await survivor?.close();
    await database?.close();
    await server?.close();
  });

  const base = () => `/optimization/channels/${channelId}`;
  const platformVideo = (id: string) => emulator.state.corpus.getVideo(id)!;
  const takeVideo = () => emulator.state.corpus.uploads(youtubeChannelId)[nextVideo++]!;
  const call = (
    t: TestApp,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        cookie,
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const body = (videoId: string, changes: object = {}) => {
    const v = platformVideo(videoId);
    return {
      title: v.title,
      description: v.description,
      tags: v.tags,
      searchTerm: null,
      language: null,
      thumbnailId: null,
      fromDraft: false,
      ...changes,
    };
  };
  const uploadThumbnail = async (videoId: string): Promise<string> => {
    const res = await dying.app.inject({
      method: 'POST',
      url: `${base()}/videos/${videoId}/thumbnail`,
      headers: { cookie, 'content-type': 'image/jpeg' },
      payload: await image(),
    });
    expect(res.statusCode).toBe(201);
    return res.json().thumbnailId;
  };
  const saveDraft = async (videoId: string, changes: object) => {
    const res = await call(dying, 'PUT', `${base()}/videos/${videoId}/draft`, {
      ...body(videoId, changes),
      baseRevision: null,
    });
    expect(res.statusCode).toBe(200);
  };
  /** Starts a publish on the dying process and waits until it hangs at `at`. */
  const publishUntilCrash = async (at: CrashPoint, videoId: string, payload: object) => {
    crash.at = at;
    const reached = crash.reached;
    void call(dying, 'POST', `${base()}/videos/${videoId}/publish`, payload);
    await vi.waitFor(() => expect(crash.reached).toBe(reached + 1), { timeout: 10_000 });
    crash.at = null;
  };
  const journal = async () =>
    database.db.select().from(publishJournal).where(eq(publishJournal.channelId, channelId));
  const details = async (videoId: string) =>
    (await call(survivor, 'GET', `${base()}/videos/${videoId}`)).json();
  const history = async (videoId: string) =>
    (await call(survivor, 'GET', `${base()}/videos/${videoId}/publishes`)).json().items;

  it('fails a publish that died before anything was sent, without asking the platform', async () => {
    const videoId = takeVideo();
    const original = structuredClone(platformVideo(videoId));
    await saveDraft(videoId, { title: 'Draft that must survive' });
    await publishUntilCrash(
      'read',
      videoId,
      body(videoId, { title: 'Never sent', fromDraft: true }),
    );
    const ledger = emulator.control.quotaLedger();
    expect(await survivor.services.publish.reconcileInterrupted()).toEqual({ 'not-applied': 1 });
    expect(spent(ledger, emulator.control.quotaLedger())).toEqual({});
    expect(platformVideo(videoId).title).toBe(original.title);
    const shown = await details(videoId);
    expect(shown.live.title).toBe(original.title);
    expect(shown.draft.title).toBe('Draft that must survive');
    expect(await history(videoId)).toEqual([]);
  });

  it('fails a publish that died before videos.update was sent; the draft is kept', async () => {
    const videoId = takeVideo();
    const original = structuredClone(platformVideo(videoId));
    await saveDraft(videoId, { title: 'Kept draft' });
    await publishUntilCrash(
      'before-update',
      videoId,
      body(videoId, { title: 'Kept draft', fromDraft: true }),
    );
    expect((await journal()).find((e) => e.status === 'pending')).toMatchObject({
      step: 'updating',
      before: { title: original.title },
      after: { title: 'Kept draft' },
    });
    expect(await survivor.services.publish.reconcileInterrupted()).toEqual({ 'not-applied': 1 });
    expect(platformVideo(videoId).title).toBe(original.title);
    const shown = await details(videoId);
    expect(shown.live.title).toBe(original.title);
    expect(shown.draft.title).toBe('Kept draft');
    expect(await history(videoId)).toEqual([]);
  });

  it('leaves a publish alone while its lease runs, then records it as published and undoable', async () => {
    const videoId = takeVideo();
    const original = structuredClone(platformVideo(videoId));
    await saveDraft(videoId, { title: 'Published before the crash' });
    await publishUntilCrash(
      'after-update',
      videoId,
      body(videoId, { title: 'Published before the crash', fromDraft: true, searchTerm: 'crash' }),
    );
    expect(platformVideo(videoId).title).toBe('Published before the crash');
    // The dying process's own clock: the lease is still running, nothing is taken over.
    expect(await dying.services.publish.reconcileInterrupted()).toEqual({});
    expect((await journal()).filter((e) => e.status === 'pending')).toHaveLength(1);
    // Until it is reconciled, neither a check nor a sync takes the person's own publish for
    // an edit made outside the product.
    const early = await call(survivor, 'POST', `${base()}/videos/check`, {
      videosToCheck: [videoId],
    });
    expect(early.json().changed).toEqual([]);
    await survivor.services.sync.start(channelId);
    await vi.waitFor(
      async () => expect((await survivor.services.sync.status(channelId)).isSyncing).toBe(false),
      { timeout: 30_000, interval: 50 },
    );
    expect((await details(videoId)).updatedOnPlatform).toBe(false);

    expect(await survivor.services.publish.reconcileInterrupted()).toEqual({ published: 1 });
    const shown = await details(videoId);
    expect(shown.live.title).toBe('Published before the crash');
    expect(shown.searchTerm).toBe('crash');
    expect(shown.updatedOnPlatform).toBe(false);
    expect(shown.draft).toBeNull();
    const [record] = await history(videoId);
    expect(record).toMatchObject({
      before: { title: original.title },
      after: { title: 'Published before the crash' },
      thumbnailChanged: false,
      restoresId: null,
    });
    expect(shown.lastPublish.id).toBe(record.id);
    const check = await call(survivor, 'POST', `${base()}/videos/check`, {
      videosToCheck: [videoId],
    });
    expect(check.json().changed).toEqual([]);

    const undo = await call(
      survivor,
      'POST',
      `${base()}/videos/${videoId}/publishes/${record.id}/restore`,
      {},
    );
    expect(undo.statusCode).toBe(200);
    expect(platformVideo(videoId).title).toBe(original.title);
    expect(undo.json().video.live.title).toBe(original.title);
  });

  it('records the metadata of a publish that died before its thumbnail was sent, keeping the draft', async () => {
    const videoId = takeVideo();
    const thumbnailId = await uploadThumbnail(videoId);
    await saveDraft(videoId, { title: 'Title went, thumbnail did not', thumbnailId });
    const customBefore = platformVideo(videoId).hasCustomThumbnail;
    await publishUntilCrash(
      'after-update',
      videoId,
      body(videoId, { title: 'Title went, thumbnail did not', thumbnailId, fromDraft: true }),
    );
    expect(await survivor.services.publish.reconcileInterrupted()).toEqual({ partial: 1 });
    expect(platformVideo(videoId).hasCustomThumbnail).toBe(customBefore);
    const [record] = await history(videoId);
    expect(record).toMatchObject({
      after: { title: 'Title went, thumbnail did not' },
      thumbnailChanged: false,
    });
    const shown = await details(videoId);
    expect(shown.live.title).toBe('Title went, thumbnail did not');
    expect(shown.draft.thumbnailId).toBe(thumbnailId);
  });

  it('sends the thumbnail again when the platform does not show it, and records it', async () => {
    const videoId = takeVideo();
    const thumbnailId = await uploadThumbnail(videoId);
    await publishUntilCrash(
      'before-thumbnail',
      videoId,
      body(videoId, { title: 'With a thumbnail, resent', thumbnailId }),
    );
    expect(platformVideo(videoId).title).toBe('With a thumbnail, resent');
    const ledger = emulator.control.quotaLedger();
    expect(await survivor.services.publish.reconcileInterrupted()).toEqual({ published: 1 });
    expect(spent(ledger, emulator.control.quotaLedger())).toEqual({
      'videos.list': 1,
      'thumbnails.set': 50,
    });
    expect(platformVideo(videoId).hasCustomThumbnail).toBe(true);
    const [record] = await history(videoId);
    expect(record).toMatchObject({ thumbnailChanged: true, quotaUnits: 1 + 50 + 50 + 1 + 50 });
    const shown = await details(videoId);
    expect(shown.live.thumbnailWidth).toBe(1280);
    expect(shown.updatedOnPlatform).toBe(false);
    const check = await call(survivor, 'POST', `${base()}/videos/check`, {
      videosToCheck: [videoId],
    });
    expect(check.json().changed).toEqual([]);
  });

  it('sees a thumbnail that landed before the crash and does not send it again', async () => {
    const videoId = takeVideo();
    const thumbnailId = await uploadThumbnail(videoId);
    await publishUntilCrash(
      'after-thumbnail',
      videoId,
      body(videoId, { title: 'With a thumbnail, landed', thumbnailId }),
    );
    const ledger = emulator.control.quotaLedger();
    expect(await survivor.services.publish.reconcileInterrupted()).toEqual({ published: 1 });
    expect(spent(ledger, emulator.control.quotaLedger())).toEqual({ 'videos.list': 1 });
    const [record] = await history(videoId);
    expect(record).toMatchObject({ thumbnailChanged: true, quotaUnits: 1 + 50 + 50 + 1 });
    expect((await details(videoId)).live.thumbnailWidth).toBe(1280);
  });

  it('records an interrupted undo as the undo it was', async () => {
    const videoId = takeVideo();
    const original = structuredClone(platformVideo(videoId));
    const first = await call(
      survivor,
      'POST',
      `${base()}/videos/${videoId}/publish`,
      body(videoId, { title: 'To be undone' }),
    );
    expect(first.statusCode).toBe(200);
    const publishId = first.json().publish.id;
    crash.at = 'after-update';
    const reached = crash.reached;
    void call(dying, 'POST', `${base()}/videos/${videoId}/publishes/${publishId}/restore`, {});
    await vi.waitFor(() => expect(crash.reached).toBe(reached + 1), { timeout: 10_000 });
    crash.at = null;
    expect(platformVideo(videoId).title).toBe(original.title);
    expect(await survivor.services.publish.reconcileInterrupted()).toEqual({ published: 1 });
    const items: { id: string; restoresId: string | null }[] = await history(videoId);
    // (Ordered by the two test clocks here, so found by what it restores.)
    expect(items.map((p) => p.restoresId).sort()).toEqual([null, publishId].sort());
    const undone = items.find((p) => p.restoresId === publishId)!;
    expect((await details(videoId)).live.title).toBe(original.title);
    // The undo can itself be undone.
    const redo = await call(
      survivor,
      'POST',
      `${base()}/videos/${videoId}/publishes/${undone.id}/restore`,
      {},
    );
    expect(redo.statusCode).toBe(200);
    expect(platformVideo(videoId).title).toBe('To be undone');
  });

  it('marks a publish superseded when someone changed the video meanwhile, and shows their copy', async () => {
    const videoId = takeVideo();
    await publishUntilCrash('after-update', videoId, body(videoId, { title: 'Ours' }));
    platformVideo(videoId).title = 'Theirs, edited in the studio';
    expect(await survivor.services.publish.reconcileInterrupted()).toEqual({ superseded: 1 });
    const shown = await details(videoId);
    expect(shown.live.title).toBe('Theirs, edited in the studio');
    expect(shown.updatedOnPlatform).toBe(true);
    expect(await history(videoId)).toEqual([]);
  });

  it('refuses a second publish while one is in flight, without any platform call', async () => {
    const videoId = takeVideo();
    await publishUntilCrash('after-update', videoId, body(videoId, { title: 'First' }));
    const ledger = emulator.control.quotaLedger();
    const second = await call(
      survivor,
      'POST',
      `${base()}/videos/${videoId}/publish`,
      body(videoId, { title: 'Second' }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'publish-in-progress',
      details: { startedBy: 'Test User' },
    });
    expect(spent(ledger, emulator.control.quotaLedger())).toEqual({});
    await survivor.services.publish.reconcileInterrupted();
    const third = await call(
      survivor,
      'POST',
      `${base()}/videos/${videoId}/publish`,
      body(videoId, { title: 'Third' }),
    );
    expect(third.statusCode).toBe(200);
  });

  it('lets only one of two simultaneous publishes of a video through', async () => {
    const videoId = takeVideo();
    const ledger = emulator.control.quotaLedger();
    emulator.control.setMethodLatency('videos.list', 300);
    try {
      const answers = await Promise.all(
        ['One', 'Two'].map((title) =>
          call(survivor, 'POST', `${base()}/videos/${videoId}/publish`, body(videoId, { title })),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    } finally {
      emulator.control.setMethodLatency('videos.list', 0);
    }
    expect(spent(ledger, emulator.control.quotaLedger())).toEqual({
      'videos.list': 1,
      'videos.update': 50,
    });
    expect(await history(videoId)).toHaveLength(1);
  });

  it('answers a retried publish (same idempotency key) from its first attempt', async () => {
    const videoId = takeVideo();
    const payload = body(videoId, { title: 'Published once', idempotencyKey: randomUUID() });
    const first = await call(survivor, 'POST', `${base()}/videos/${videoId}/publish`, payload);
    expect(first.statusCode).toBe(200);
    const ledger = emulator.control.quotaLedger();
    const retry = await call(survivor, 'POST', `${base()}/videos/${videoId}/publish`, payload);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().publish.id).toBe(first.json().publish.id);
    expect(spent(ledger, emulator.control.quotaLedger())).toEqual({});
    expect(await history(videoId)).toHaveLength(1);

    // While the first attempt is in flight, the retry waits for it.
    const other = takeVideo();
    const inFlight = body(other, { title: 'In flight', idempotencyKey: randomUUID() });
    await publishUntilCrash('after-update', other, inFlight);
    const early = await call(survivor, 'POST', `${base()}/videos/${other}/publish`, inFlight);
    expect(early.statusCode).toBe(409);
    await survivor.services.publish.reconcileInterrupted();
    const late = await call(survivor, 'POST', `${base()}/videos/${other}/publish`, inFlight);
    expect(late.statusCode).toBe(200);
    expect(late.json().publish.after.title).toBe('In flight');
  });

  it('answers a retry of a publish whose thumbnail did not go with the error the first attempt gave', async () => {
    const videoId = takeVideo();
    const thumbnailId = await uploadThumbnail(videoId);
    // The stored upload spoilt (a JPEG's signature, then noise): YouTube refuses it as
    // invalidImage, after the metadata went.
    await database.db
      .update(thumbnailUploads)
      .set({ data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2_000, 0x55)]) })
      .where(eq(thumbnailUploads.id, thumbnailId));
    const url = `${base()}/videos/${videoId}/publish`;
    const payload = body(videoId, {
      title: 'Title went, thumbnail refused',
      thumbnailId,
      idempotencyKey: randomUUID(),
    });
    const first = await call(survivor, 'POST', url, payload);
    expect(first.statusCode, first.body).toBe(400);
    const error = first.json().error;
    expect(error).toMatchObject({
      code: 'bad-request',
      message:
        'The title, description and tags were published, but the thumbnail was not: The provided image content is invalid.',
    });
    expect(platformVideo(videoId).title).toBe('Title went, thumbnail refused');
    const ledger = emulator.control.quotaLedger();
    const retry = await call(survivor, 'POST', url, payload);
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.json().error).toMatchObject({ code: error.code, message: error.message });
    expect(spent(ledger, emulator.control.quotaLedger())).toEqual({});
    expect(await history(videoId)).toHaveLength(1);

    // A publish the reconciler finished without its thumbnail: its retry hears that too.
    const other = takeVideo();
    const otherThumbnail = await uploadThumbnail(other);
    const interrupted = body(other, {
      title: 'Interrupted before the thumbnail',
      thumbnailId: otherThumbnail,
      idempotencyKey: randomUUID(),
    });
    await publishUntilCrash('after-update', other, interrupted);
    expect(await survivor.services.publish.reconcileInterrupted()).toEqual({ partial: 1 });
    const late = await call(survivor, 'POST', `${base()}/videos/${other}/publish`, interrupted);
    expect(late.statusCode).toBe(503);
    expect(late.json().error).toMatchObject({
      code: 'platform-unavailable',
      message: expect.stringMatching(
        /^The title, description and tags were published, but the thumbnail was not/,
      ),
    });
  });

  it('answers a stalled publish from its retry when the retry went through meanwhile', async () => {
    const videoId = takeVideo();
    const original = structuredClone(platformVideo(videoId));
    const url = `${base()}/videos/${videoId}/publish`;
    const key = randomUUID();
    const payload = body(videoId, { title: 'Sent twice', idempotencyKey: key });
    crash.at = 'before-update';
    crash.resumable = true;
    const reached = crash.reached;
    const stalled = call(dying, 'POST', url, payload);
    await vi.waitFor(() => expect(crash.reached).toBe(reached + 1), { timeout: 10_000 });
    crash.at = null;
    crash.resumable = false;
    // Its lease ran out before videos.update was sent: the reconciler finds it not applied.
    expect(await survivor.services.publish.reconcileInterrupted()).toEqual({ 'not-applied': 1 });
    // The person retries (same key): a new attempt claims the key and goes through.
    const retry = await call(survivor, 'POST', url, payload);
    expect(retry.statusCode).toBe(200);
    // Then the stalled process carries on: its write lands too, and it answers from the retry.
    crash.resume();
    const answer = await stalled;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().publish.id).toBe(retry.json().publish.id);
    expect(platformVideo(videoId).title).toBe('Sent twice');
    const items = await history(videoId);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      before: { title: original.title },
      after: { title: 'Sent twice' },
    });
    const shown = await details(videoId);
    expect(shown.live.title).toBe('Sent twice');
    expect(shown.updatedOnPlatform).toBe(false);
    const entries = (await journal()).filter((e) => e.idempotencyKey === key);
    expect(entries.map((e) => e.status).sort()).toEqual(['completed', 'failed']);
  });

  it('records a publish whose write landed after it was found not applied, when it is retried', async () => {
    const videoId = takeVideo();
    const original = structuredClone(platformVideo(videoId));
    await saveDraft(videoId, { title: 'Landed late' });
    const url = `${base()}/videos/${videoId}/publish`;
    const payload = body(videoId, {
      title: 'Landed late',
      fromDraft: true,
      idempotencyKey: randomUUID(),
    });
    crash.at = 'before-update';
    crash.resumable = true;
    const reached = crash.reached;
    void call(dying, 'POST', url, payload);
    await vi.waitFor(() => expect(crash.reached).toBe(reached + 1), { timeout: 10_000 });
    expect(await survivor.services.publish.reconcileInterrupted()).toEqual({ 'not-applied': 1 });
    // The write is sent after all and lands; then the process dies before it records anything.
    crash.at = 'after-update';
    crash.resumable = false;
    crash.resume();
    await vi.waitFor(() => expect(crash.reached).toBe(reached + 2), { timeout: 10_000 });
    crash.at = null;
    expect(platformVideo(videoId).title).toBe('Landed late');
    // The retry finds nothing left to write: it records the attempt that landed.
    const retry = await call(survivor, 'POST', url, payload);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().publish).toMatchObject({
      before: { title: original.title },
      after: { title: 'Landed late' },
      restoresId: null,
    });
    const [record, ...rest] = await history(videoId);
    expect(rest).toEqual([]);
    expect(record.id).toBe(retry.json().publish.id);
    const shown = await details(videoId);
    expect(shown.live.title).toBe('Landed late');
    expect(shown.updatedOnPlatform).toBe(false);
    expect(shown.draft).toBeNull();
    expect(shown.lastPublish.id).toBe(record.id);
    const undo = await call(
      survivor,
      'POST',
      `${base()}/videos/${videoId}/publishes/${record.id}/restore`,
      {},
    );
    expect(undo.statusCode).toBe(200);
    expect(platformVideo(videoId).title).toBe(original.title);
  });
});
