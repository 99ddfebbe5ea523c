// kill -9 of the API process during a thumbnail test's swap, against the emulator running as its
// own process (the platform outlives the API, as YouTube does), on PostgreSQL. The swap's journal
// row is written before thumbnails.set; the API dies while the call is held by the platform (it
// lands after the death) or after the platform applied it (the answer never came). After a
// restart the reconciler records what the platform shows: the variant the product says is live
// is the one YouTube shows, and a write that landed is not sent again.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorStateSummary, QuotaLedger } from '@tubewise/emulator';
import type { ThumbnailTest } from '@tubewise/contract';
import { thumbnailTests, thumbnailTestSwaps, videos } from '../../db/schema/index.ts';
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
import { SWAP_LEASE_MS } from './thumbnail-test-runner.ts';

const ACCOUNT = 'alex.creator@tubewise.test';
const API_KEY = 'tubewise-emulator-key';
const CLIENT = { id: 'tubewise-emulator-client', secret: 'tubewise-emulator-secret' };
const EMAIL = 'labs-kill@example.com';
/** Held before applying: the API dies with the write in flight; it lands before the lease ends. */
const HOLD_BEFORE_APPLY_MS = SWAP_LEASE_MS / 3;
/** Held after applying: longer than any wait here (the API dies waiting for the answer). */
const HOLD_ANSWER_MS = 60_000;

type Rgb = { r: number; g: number; b: number };
const COLOURS: Rgb[] = [
  { r: 220, g: 30, b: 30 },
  { r: 30, g: 190, b: 60 },
];

describe.runIf(needsPostgres('the thumbnail test kill -9 test'))(
  'thumbnail test swaps survive kill -9 (PostgreSQL)',
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
    /** The mean colour of the image the platform shows for a video (its largest size). */
    const platformColour = async (id: string): Promise<Rgb> => {
      const res = await fetch(`${emuRoot}/youtube/v3/videos?part=snippet&id=${id}&key=${API_KEY}`);
      const body = (await res.json()) as {
        items: { snippet: { thumbnails: Record<string, { url: string; width: number }> } }[];
      };
      const sizes = Object.values(body.items[0]!.snippet.thumbnails);
      const url = sizes.sort((a, b) => b.width - a.width)[0]!.url;
      const image = Buffer.from(await (await fetch(url)).arrayBuffer());
      const { channels } = await sharp(image).stats();
      return { r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean };
    };
    const distance = (a: Rgb, b: Rgb) => Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);

    const call = (method: string, url: string, body?: object | Buffer, type = 'application/json') =>
      fetch(`${apiRoot}${url}`, {
        method,
        headers: { cookie, ...(body !== undefined ? { 'content-type': type } : {}) },
        ...(body !== undefined
          ? { body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body) }
          : {}),
      });
    const upload = async (videoId: string, colour: Rgb) => {
      const jpeg = await sharp({
        create: { width: 1280, height: 720, channels: 3, background: colour },
      })
        .jpeg()
        .toBuffer();
      const res = await call(
        'POST',
        `/optimization/channels/${channelId}/videos/${videoId}/thumbnail`,
        jpeg,
        'image/jpeg',
      );
      expect(res.status).toBe(201);
      return ((await res.json()) as { thumbnailId: string }).thumbnailId;
    };
    const labs = () => `/api/labs/channels/${channelId}/thumbnail-tests`;
    const startApi = async () => {
      api = startNode('apps/api/src/main.ts', apiEnv);
      await until(
        'the API to be ready',
        30_000,
        async () => (await fetch(`${apiRoot}/readyz`)).ok,
        logs,
      );
    };
    const login = async () => {
      const res = await fetch(`${apiRoot}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, password: TEST_PASSWORD }),
      });
      expect(res.status).toBe(200);
      cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ');
    };
    /** The swaps of a video's tests that are still pending. */
    const pendingSwaps = (youtubeId: string) =>
      database.db
        .select({ id: thumbnailTestSwaps.id })
        .from(thumbnailTestSwaps)
        .innerJoin(thumbnailTests, eq(thumbnailTests.id, thumbnailTestSwaps.testId))
        .where(
          and(
            eq(thumbnailTests.videoYoutubeId, youtubeId),
            eq(thumbnailTestSwaps.status, 'pending'),
          ),
        );
    /** Starts a test of a video (the API dies during its first swap); returns nothing. */
    const fireCreate = (videoId: string, thumbnailIds: string[]) => {
      void call('POST', labs(), { videoId, thumbnailIds }).catch(() => undefined);
    };
    /** After the restart: the test of a video, once its swap is reconciled. */
    const reconciledTest = async (videoId: string): Promise<ThumbnailTest> => {
      await until(
        'the interrupted swap to be reconciled',
        SWAP_LEASE_MS * 3,
        async () => (await pendingSwaps(videoId)).length === 0,
        logs,
      );
      const list = (await (await call('GET', labs())).json()) as { tests: ThumbnailTest[] };
      const test = list.tests.find((t) => t.videoId === videoId);
      expect(test, 'the test survived the crash').toBeDefined();
      return test!;
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
        const userId = await setup.createUser(EMAIL, TEST_PASSWORD, { flags: 'labs_user' });
        const session = await setup.services.sessions.create(userId, {});
        const ids = { userId, familyId: session.familyId };
        const authUrl = new URL(
          await setup.services.connect.authorizationUrl({
            ...ids,
            reconnect: false,
            firstChannel: true,
          }),
        );
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
        expect(spare.length).toBeGreaterThanOrEqual(2);
      } finally {
        await setup.close();
      }

      const apiPort = await freePort();
      apiRoot = `http://127.0.0.1:${apiPort}`;
      dataDir = mkdtempSync(path.join(tmpdir(), 'tw-labs-kill-'));
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
      await login();
    }, 90_000);

    afterAll(async () => {
      await kill(api);
      await kill(emulator);
      await database?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('records the swap the platform took after the API died during thumbnails.set', async () => {
      const videoId = spare.shift()!;
      const ids = [await upload(videoId, COLOURS[0]!), await upload(videoId, COLOURS[1]!)];
      await control('latency', {
        method: 'thumbnails.set',
        ms: HOLD_BEFORE_APPLY_MS,
        phase: 'before',
      });
      const { started, applied } = await calls('thumbnails.set');
      fireCreate(videoId, ids);
      await until('thumbnails.set to reach the platform', 15_000, async () =>
        (await calls('thumbnails.set')).started > started ? true : false,
      );
      expect(await pendingSwaps(videoId)).toHaveLength(1);
      await kill(api);
      api = undefined;
      await control('latency', { method: 'thumbnails.set', ms: 0 });
      await until('the held write to land', HOLD_BEFORE_APPLY_MS * 2, async () =>
        (await calls('thumbnails.set')).applied > applied ? true : false,
      );

      await startApi();
      const test = await reconciledTest(videoId);
      expect(test.status).toBe('running');
      expect(test.variants.map((v) => v.isLive)).toEqual([true, false]);
      expect(test.windows).toHaveLength(1);
      expect(distance(await platformColour(videoId), COLOURS[0]!)).toBeLessThan(15);
    }, 120_000);

    it('does not send again a swap the platform applied before the API died', async () => {
      const videoId = spare.shift()!;
      const ids = [await upload(videoId, COLOURS[1]!), await upload(videoId, COLOURS[0]!)];
      await control('latency', { method: 'thumbnails.set', ms: HOLD_ANSWER_MS, phase: 'after' });
      const { applied } = await calls('thumbnails.set');
      const unitsBefore = await thumbnailUnits();
      fireCreate(videoId, ids);
      await until('thumbnails.set to be applied', 15_000, async () =>
        (await calls('thumbnails.set')).applied > applied ? true : false,
      );
      await kill(api);
      api = undefined;
      await control('latency', { method: 'thumbnails.set', ms: 0 });

      await startApi();
      const test = await reconciledTest(videoId);
      expect(test.variants.map((v) => v.isLive)).toEqual([true, false]);
      expect(distance(await platformColour(videoId), COLOURS[1]!)).toBeLessThan(15);
      // The reconciler saw the new thumbnail: it did not send it again.
      expect((await thumbnailUnits()) - unitsBefore).toBe(50);

      // The restarted API goes on: stopping sets the original back.
      const stopped = await call('POST', `${labs()}/${test.id}/stop`, {});
      expect(stopped.status).toBe(200);
      expect(((await stopped.json()) as ThumbnailTest).status).toBe('stopped');
    }, 120_000);
  },
);
