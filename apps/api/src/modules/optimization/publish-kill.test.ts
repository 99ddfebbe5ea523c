// kill -9 of the API process during a publish and during an undo, at every step, against the
// emulator running as its own process (so the platform outlives the API, as YouTube does), on
// PostgreSQL. After a restart the product and the platform must agree, the publish must be in
// the history and undoable, and nothing may show as "updated on the platform".
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorStateSummary, QuotaLedger } from '@tubewise/emulator';
import { publishJournal, videos } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import { createTestApp, openTestDatabase, TEST_PASSWORD } from '../../testing/test-app.ts';
import {
  freePort,
  kill,
  needsPostgres,
  startNode,
  until,
  type Child,
} from '../../testing/processes.ts';
import { YouTubeAdapter } from '../video-platform/index.ts';
import { PUBLISH_LEASE_MS } from './publish-journal.ts';

const ACCOUNT = 'alex.creator@tubewise.test';
const API_KEY = 'tubewise-emulator-key';
const CLIENT = { id: 'tubewise-emulator-client', secret: 'tubewise-emulator-secret' };
/**
 * How long the emulator holds a platform write before applying it, so the API can be killed
 * while the write is in flight. Short of the lease by a wide margin, so the write is applied
 * before the restarted API reconciles (at the lease's expiry); long enough for this process to
 * see the call arrive and kill the API.
 */
const HOLD_BEFORE_APPLY_MS = PUBLISH_LEASE_MS / 2;
/** How long the emulator holds the answer of an applied write: longer than any wait here. */
const HOLD_ANSWER_MS = 60_000;

interface Snippet {
  title: string;
  description: string;
  tags?: string[];
  thumbnails: Record<string, { url: string; width: number }>;
}

describe.runIf(needsPostgres('the publish kill -9 test'))(
  'publish and undo survive kill -9 (PostgreSQL)',
  () => {
    let emulator: Child;
    let api: Child | undefined;
    let database: Database;
    let dataDir: string;
    let emuRoot: string;
    let apiRoot: string;
    let apiEnv: Record<string, string>;
    let cookie = '';
    let channelId: string;
    let spare: string[];

    const logs = () => [...emulator.output, '--- api ---', ...(api?.output ?? [])].join('');

    const control = async (name: string, body?: object): Promise<unknown> => {
      const res = await fetch(`${emuRoot}/_emulator/${name}`, {
        ...(body
          ? {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            }
          : {}),
      });
      if (!res.ok) throw new Error(`emulator ${name}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const calls = async (method: string) =>
      ((await control('state')) as EmulatorStateSummary).switches.calls[method] ?? {
        started: 0,
        applied: 0,
      };
    const thumbnailUnits = async () =>
      ((await control('quota')) as QuotaLedger).today.unitsByMethod['thumbnails.set'] ?? 0;
    /** The video as the platform shows it (read as the product's API key). */
    const platformVideo = async (id: string): Promise<Snippet> => {
      const res = await fetch(`${emuRoot}/youtube/v3/videos?part=snippet&id=${id}&key=${API_KEY}`);
      const body = (await res.json()) as { items: { snippet: Snippet }[] };
      return body.items[0]!.snippet;
    };

    const call = (method: string, url: string, body?: object | Buffer, type = 'application/json') =>
      fetch(`${apiRoot}${url}`, {
        method,
        headers: { cookie, ...(body !== undefined ? { 'content-type': type } : {}) },
        ...(body !== undefined
          ? { body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body) }
          : {}),
      });
    const base = () => `/optimization/channels/${channelId}`;

    const startApi = async () => {
      api = startNode('apps/api/src/main.ts', apiEnv);
      await until(
        'the API to be ready',
        30_000,
        async () => (await fetch(`${apiRoot}/readyz`)).ok,
        logs,
      );
    };
    /** Kills the API with SIGKILL: no shutdown hook, no flush, no answer. */
    const killApi = async () => {
      await kill(api);
      api = undefined;
    };
    /** Waits until no publish of these videos is pending (the restarted API reconciled them). */
    const reconciled = (youtubeIds: string[]) =>
      until(
        'the interrupted publishes to be reconciled',
        45_000,
        async () => {
          const pending = await database.db
            .select({ id: publishJournal.id })
            .from(publishJournal)
            .innerJoin(videos, eq(videos.id, publishJournal.videoId))
            .where(
              and(inArray(videos.youtubeId, youtubeIds), eq(publishJournal.status, 'pending')),
            );
          return pending.length === 0;
        },
        logs,
      );
    /** The journal entries of a video's publishes that a reconciler (not a request) finished. */
    const finishedByReconciler = async (youtubeId: string) =>
      database.db
        .select({ outcome: publishJournal.outcome, attempts: publishJournal.attempts })
        .from(publishJournal)
        .innerJoin(videos, eq(videos.id, publishJournal.videoId))
        .where(and(eq(videos.youtubeId, youtubeId), ne(publishJournal.attempts, 0)));
    /** Fires a publish (or undo) at the API that will be killed; its answer never comes. */
    const fire = (url: string, body: object) => {
      void call('POST', url, body).catch(() => undefined);
    };
    const publishBody = (video: Snippet, changes: object) => ({
      title: video.title,
      description: video.description,
      tags: video.tags ?? [],
      searchTerm: null,
      language: null,
      thumbnailId: null,
      fromDraft: false,
      ...changes,
    });
    const uploadThumbnail = async (videoId: string) => {
      const jpeg = await sharp({
        create: { width: 1280, height: 720, channels: 3, background: { r: 200, g: 30, b: 60 } },
      })
        .jpeg()
        .toBuffer();
      const res = await call('POST', `${base()}/videos/${videoId}/thumbnail`, jpeg, 'image/jpeg');
      expect(res.status).toBe(201);
      return ((await res.json()) as { thumbnailId: string }).thumbnailId;
    };
    const largest = (thumbnails: Snippet['thumbnails']) =>
      Object.values(thumbnails).sort((a, b) => b.width - a.width)[0]!.url;

    /**
     * The product and the platform agree on the video, nothing shows as changed on the platform,
     * and the history holds a publish that wrote `title`; returns that publish.
     */
    const expectAgreement = async (videoId: string, title: string) => {
      const platform = await platformVideo(videoId);
      expect(platform.title).toBe(title);
      const details = (await (await call('GET', `${base()}/videos/${videoId}`)).json()) as {
        live: { title: string; description: string; tags: string[]; thumbnailUrl: string };
        updatedOnPlatform: boolean;
        lastPublish: { id: string } | null;
      };
      expect(details.live).toMatchObject({
        title: platform.title,
        description: platform.description,
        tags: platform.tags ?? [],
        thumbnailUrl: largest(platform.thumbnails),
      });
      expect(details.updatedOnPlatform).toBe(false);
      const check = await call('POST', `${base()}/videos/check`, { videosToCheck: [videoId] });
      expect(((await check.json()) as { changed: string[] }).changed).toEqual([]);
      const history = (
        (await (await call('GET', `${base()}/videos/${videoId}/publishes`)).json()) as {
          items: {
            id: string;
            after: { title: string };
            thumbnailChanged: boolean;
            restoresId: string | null;
          }[];
        }
      ).items;
      const record = history.find((p) => p.after.title === title);
      expect(record, `a publish of "${title}" in the history`).toBeDefined();
      expect(details.lastPublish?.id).toBe(history[0]!.id);
      return record!;
    };
    const undo = async (videoId: string, publishId: string) => {
      const res = await call(
        'POST',
        `${base()}/videos/${videoId}/publishes/${publishId}/restore`,
        {},
      );
      expect(res.status, await res.clone().text()).toBe(200);
    };

    beforeAll(async () => {
      const emuPort = await freePort();
      emuRoot = `http://127.0.0.1:${emuPort}`;
      emulator = startNode('apps/emulator/src/main.ts', {
        EMULATOR_PORT: String(emuPort),
        EMULATOR_HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      });
      await until(
        'the emulator to listen',
        30_000,
        async () => (await control('state')) !== null,
        logs,
      );
      const channel = (await control('channels', { videoCount: 12, owner: ACCOUNT })) as {
        id: string;
      };

      // Connect and sync the channel through the real OAuth flow, in this process.
      database = await openTestDatabase('postgres');
      const secrets = {
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      };
      const endpoints = {
        authUrl: `${emuRoot}/o/oauth2/v2/auth`,
        tokenUrl: `${emuRoot}/token`,
        revokeUrl: `${emuRoot}/revoke`,
        apiRootUrl: `${emuRoot}/`,
      };
      const setup = await createTestApp('postgres', {
        database,
        platform: new YouTubeAdapter({
          clientId: CLIENT.id,
          clientSecret: CLIENT.secret,
          ...endpoints,
        }),
        env: { ...secrets, YOUTUBE_API_KEY: API_KEY },
      });
      try {
        const email = 'kill-owner@example.com';
        const userId = await setup.createUser(email);
        const session = await setup.services.sessions.create(userId, {});
        const ids = { userId, familyId: session.familyId };
        const authUrl = new URL(
          await setup.services.connect.authorizationUrl({
            ...ids,
            reconnect: false,
            firstChannel: true,
          }),
        );
        // The consent page's Allow with every scope ticked.
        const form = new URLSearchParams(authUrl.searchParams);
        form.set('authuser', ACCOUNT);
        form.set('channel', channel.id);
        form.set('decision', 'allow');
        for (const scope of authUrl.searchParams.get('scope')!.split(' '))
          form.append('granted_scope', scope);
        const consent = await fetch(endpoints.authUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          redirect: 'manual',
        });
        const back = new URL(consent.headers.get('location')!);
        await setup.services.connect.complete(
          { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
          ids,
        );
        channelId = (await setup.services.users.myChannels(userId)).myChannels[0]!.id;
        await setup.services.sync.start(channelId);
        await until('the first sync', 30_000, async () =>
          (await setup.services.sync.status(channelId)).isSyncing ? false : true,
        );
        const rows = await database.db
          .select({ id: videos.youtubeId })
          .from(videos)
          .where(and(eq(videos.channelId, channelId), ne(videos.privacyStatus, 'private')))
          .orderBy(videos.youtubeId);
        spare = rows.map((r) => r.id);
        expect(spare.length).toBeGreaterThanOrEqual(5);
      } finally {
        await setup.close();
      }

      const apiPort = await freePort();
      apiRoot = `http://127.0.0.1:${apiPort}`;
      dataDir = mkdtempSync(path.join(tmpdir(), 'tw-kill-'));
      apiEnv = {
        NODE_ENV: 'test',
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: apiRoot,
        DATA_DIR: dataDir,
        DATABASE_URL: database.connectionString!,
        ...secrets,
        GOOGLE_CLIENT_ID: CLIENT.id,
        GOOGLE_CLIENT_SECRET: CLIENT.secret,
        GOOGLE_OAUTH_AUTH_URL: endpoints.authUrl,
        GOOGLE_OAUTH_TOKEN_URL: endpoints.tokenUrl,
        GOOGLE_OAUTH_REVOKE_URL: endpoints.revokeUrl,
        YOUTUBE_API_ROOT_URL: endpoints.apiRootUrl,
        YOUTUBE_API_KEY: API_KEY,
        KEYWORD_DATA_URL: emuRoot,
        KEYWORD_DATA_LOGIN: 'tubewise-emulator',
        KEYWORD_DATA_PASSWORD: 'tubewise-emulator-secret',
        LOG_LEVEL: 'info',
      };
      await startApi();
      const login = await fetch(`${apiRoot}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'kill-owner@example.com', password: TEST_PASSWORD }),
      });
      expect(login.status).toBe(200);
      cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ');
    }, 90_000);

    afterAll(async () => {
      await kill(api);
      await kill(emulator);
      await database?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('loses nothing when killed during videos.update, of a publish and of an undo', async () => {
      const [published, undone] = [spare.shift()!, spare.shift()!];
      const originalOfUndone = await platformVideo(undone);
      const first = await call(
        'POST',
        `${base()}/videos/${undone}/publish`,
        publishBody(originalOfUndone, { title: 'Published, then undone during a crash' }),
      );
      expect(first.status).toBe(200);
      const toUndo = ((await first.json()) as { publish: { id: string } }).publish.id;
      const original = await platformVideo(published);

      // The undo's videos.update is applied, but its answer is held: the API waits for it for as
      // long as it takes the publish below to get under way (no race with a fixed delay).
      await control('latency', { method: 'videos.update', ms: HOLD_ANSWER_MS, phase: 'after' });
      const { started, applied } = await calls('videos.update');
      fire(`${base()}/videos/${undone}/publishes/${toUndo}/restore`, {});
      await until('the undo to be applied on the platform', 15_000, async () =>
        (await calls('videos.update')).applied > applied ? true : false,
      );
      // The publish's videos.update is held before it is applied: the API dies with both in
      // flight, and the platform applies the publish after the API died.
      await control('latency', {
        method: 'videos.update',
        ms: HOLD_BEFORE_APPLY_MS,
        phase: 'before',
      });
      fire(
        `${base()}/videos/${published}/publish`,
        publishBody(original, { title: 'Published during a crash' }),
      );
      await until('the publish to reach the platform', 15_000, async () =>
        (await calls('videos.update')).started >= started + 2 ? true : false,
      );
      await killApi();
      await control('latency', { method: 'videos.update', ms: 0 });
      expect(
        (await calls('videos.update')).applied,
        'the publish was still held, not applied, when the API died',
      ).toBe(applied + 1);

      await startApi();
      await reconciled([published, undone]);
      const record = await expectAgreement(published, 'Published during a crash');
      expect(record.restoresId).toBeNull();
      const restore = await expectAgreement(undone, originalOfUndone.title);
      expect(restore.restoresId).toBe(toUndo);
      expect(await finishedByReconciler(published)).toEqual([
        { outcome: 'published', attempts: 1 },
      ]);
      expect(await finishedByReconciler(undone)).toEqual([{ outcome: 'published', attempts: 1 }]);

      await undo(published, record.id);
      expect((await platformVideo(published)).title).toBe(original.title);
      await undo(undone, restore.id);
      expect((await platformVideo(undone)).title).toBe('Published, then undone during a crash');
    });

    it('loses nothing when killed during thumbnails.set', async () => {
      const videoId = spare.shift()!;
      const original = await platformVideo(videoId);
      const thumbnailId = await uploadThumbnail(videoId);
      await control('latency', {
        method: 'thumbnails.set',
        ms: HOLD_BEFORE_APPLY_MS,
        phase: 'before',
      });
      const { started } = await calls('thumbnails.set');
      fire(
        `${base()}/videos/${videoId}/publish`,
        publishBody(original, { title: 'New thumbnail during a crash', thumbnailId }),
      );
      await until('thumbnails.set to reach the platform', 15_000, async () =>
        (await calls('thumbnails.set')).started > started ? true : false,
      );
      await killApi();
      await control('latency', { method: 'thumbnails.set', ms: 0 });

      await startApi();
      await reconciled([videoId]);
      const record = await expectAgreement(videoId, 'New thumbnail during a crash');
      expect(record.thumbnailChanged).toBe(true);
      expect(await finishedByReconciler(videoId)).toEqual([{ outcome: 'published', attempts: 1 }]);
      expect(largest((await platformVideo(videoId)).thumbnails)).toContain('?v=');
      await undo(videoId, record.id);
      expect((await platformVideo(videoId)).title).toBe(original.title);
    });

    it('loses nothing when killed after the platform applied everything, before the record', async () => {
      const videoId = spare.shift()!;
      const original = await platformVideo(videoId);
      const thumbnailId = await uploadThumbnail(videoId);
      // thumbnails.set is applied at once, but its answer is held: the API dies waiting for it.
      await control('latency', { method: 'thumbnails.set', ms: HOLD_ANSWER_MS, phase: 'after' });
      const { applied } = await calls('thumbnails.set');
      const unitsBefore = await thumbnailUnits();
      fire(
        `${base()}/videos/${videoId}/publish`,
        publishBody(original, { title: 'Applied, never answered', thumbnailId }),
      );
      await until('thumbnails.set to be applied', 15_000, async () =>
        (await calls('thumbnails.set')).applied > applied ? true : false,
      );
      await killApi();
      await control('latency', { method: 'thumbnails.set', ms: 0 });

      await startApi();
      await reconciled([videoId]);
      const record = await expectAgreement(videoId, 'Applied, never answered');
      expect(record.thumbnailChanged).toBe(true);
      expect(await finishedByReconciler(videoId)).toEqual([{ outcome: 'published', attempts: 1 }]);
      // The reconciler saw the new thumbnail: it did not send it again.
      expect((await thumbnailUnits()) - unitsBefore).toBe(50);
      await undo(videoId, record.id);
      expect((await platformVideo(videoId)).title).toBe(original.title);
    });
  },
);
