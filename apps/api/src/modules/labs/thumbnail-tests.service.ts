import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  CreateThumbnailTestBody,
  ThumbnailTest,
  ThumbnailTestsResponse,
} from '@tubewise/contract';
import {
  THUMBNAIL_SWAP_UNITS,
  THUMBNAIL_TEST_DEFAULT_METRIC,
  THUMBNAIL_TEST_DURATION_DEFAULT_DAYS,
} from '@tubewise/contract/labs-constants';
import type { Db } from '../../db/client.ts';
import {
  publishJournal,
  thumbnailTestDays,
  thumbnailTests,
  thumbnailTestSwaps,
  thumbnailTestVariants,
  thumbnailUploads,
  videos,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { assertChannelWritable, type PlanGate } from '../../lib/plan-gate.ts';
import type { ChannelCredentials } from '../channels/index.ts';
import {
  fetchPreviousThumbnail,
  type ImageFetch,
  type ThumbnailsService,
} from '../optimization/index.ts';
import { displayName } from '../users/index.ts';
import type { UnitBudget, VideoPlatform } from '../video-platform/index.ts';
import { requireLabsFlag } from './labs-flag.ts';
import {
  ACTIVE_STATUSES,
  endOf,
  type TestRow,
  type ThumbnailTestRunner,
} from './thumbnail-test-runner.ts';
import { presentTest, type StoredTest } from './thumbnail-tests.presenter.ts';

/** Tests a channel's list shows (running ones first). */
const LIST_MAX = 50;

/** The request body after the contract's defaults. */
type CreateInput = Omit<CreateThumbnailTestBody, 'durationDays' | 'metric'> & {
  durationDays?: number;
  metric?: CreateThumbnailTestBody['metric'];
};

/**
 * Thumbnail tests of Labs (labs_user): starting one (checks, a kept copy of the live image, the
 * first swap within the channel's unit budget), stopping one (the original set back at once),
 * and the pages' read model. The rotation itself is the ThumbnailTestRunner's.
 */
export class ThumbnailTestsService {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly credentials: ChannelCredentials;
  private readonly thumbnails: ThumbnailsService;
  private readonly runner: ThumbnailTestRunner;
  private readonly budget: UnitBudget;
  private readonly dailyUnits: number;
  private readonly clock: Clock;
  private readonly fetchImage: ImageFetch;
  private readonly gate?: PlanGate;

  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    credentials: ChannelCredentials;
    thumbnails: ThumbnailsService;
    runner: ThumbnailTestRunner;
    budget: UnitBudget;
    /** The channel's daily unit budget (CHANNEL_DAILY_UNIT_BUDGET), shown on the page. */
    dailyUnits: number;
    clock: Clock;
    /** Downloads the platform's current image (kept as the original); the global fetch by default. */
    fetchImage?: ImageFetch;
    /** The channel's plan: a read-only account starts no test (none in some tests). */
    gate?: PlanGate;
  }) {
    this.db = deps.db;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.thumbnails = deps.thumbnails;
    this.runner = deps.runner;
    this.budget = deps.budget;
    this.dailyUnits = deps.dailyUnits;
    this.clock = deps.clock;
    this.fetchImage = deps.fetchImage ?? fetch;
    this.gate = deps.gate;
  }

  /** The channel's tests (running first, then the latest ended ones) and its unit budget. */
  async list(userId: string, channelId: string): Promise<ThumbnailTestsResponse> {
    await requireLabsFlag(this.db, userId);
    const rows = await this.db
      .select()
      .from(thumbnailTests)
      .where(eq(thumbnailTests.channelId, channelId))
      .orderBy(
        sql`case when ${thumbnailTests.status} in ('running', 'ending') then 0 else 1 end`,
        desc(thumbnailTests.startedAt),
      )
      .limit(LIST_MAX);
    const tests = await Promise.all(rows.map((row) => this.present(row)));
    return {
      tests,
      budget: { dailyUnits: this.dailyUnits, spentToday: await this.budget.spentToday(channelId) },
    };
  }

  /** One test of the channel; another channel's test is 404 like one that does not exist. */
  async get(userId: string, channelId: string, testId: string): Promise<ThumbnailTest> {
    await requireLabsFlag(this.db, userId);
    return this.present(await this.require(channelId, testId));
  }

  /**
   * Starts a test: the video must be the channel's, with no test running and no publish in
   * flight; 2–3 distinct uploads of this video; a copy of the live image kept to set back; the
   * first swap (variant A) made at once within the channel's unit budget, or nothing is created.
   */
  async create(userId: string, channelId: string, input: CreateInput): Promise<ThumbnailTest> {
    await requireLabsFlag(this.db, userId);
    if (this.gate) await assertChannelWritable(this.gate, channelId);
    const video = await this.db.query.videos.findFirst({
      where: and(eq(videos.channelId, channelId), eq(videos.youtubeId, input.videoId)),
    });
    if (!video) throw new AppError('not-found', 'This video is not one of the channel’s videos.');
    await this.refuseIfActive(video.id);
    const pending = await this.db
      .select({ id: publishJournal.id })
      .from(publishJournal)
      .where(and(eq(publishJournal.videoId, video.id), eq(publishJournal.status, 'pending')))
      .limit(1);
    if (pending.length) throw publishInProgress();
    const ids = input.thumbnailIds;
    if (new Set(ids).size !== ids.length)
      throw new AppError('bad-request', 'Each thumbnail of a test must be a different upload.');
    const uploads = ids.every(isUuid)
      ? await this.db
          .select({ id: thumbnailUploads.id })
          .from(thumbnailUploads)
          .where(
            and(
              inArray(thumbnailUploads.id, ids),
              eq(thumbnailUploads.channelId, channelId),
              eq(thumbnailUploads.videoYoutubeId, video.youtubeId),
              eq(thumbnailUploads.origin, 'upload'),
            ),
          )
      : [];
    const missing = ids.filter((id) => !uploads.some((u) => u.id === id));
    if (missing.length)
      throw new AppError(
        'not-found',
        'A thumbnail of the test is not an upload of this video. Upload each image for this video first.',
        { details: { thumbnailIds: missing } },
      );

    const [live] = await this.credentials.withToken(channelId, (token) =>
      this.platform.getVideos(token, [video.youtubeId]),
    );
    if (!live) throw new AppError('not-found', 'YouTube no longer has this video.');
    const hasImage = Object.values(live.thumbnails).some((t) => t?.url);
    const original = hasImage
      ? await fetchPreviousThumbnail(live.thumbnails, this.fetchImage)
      : null;
    if (hasImage && !original)
      throw new AppError(
        'conflict',
        'Tubewise could not download the thumbnail live on YouTube now, so it could not set it back after the test. Try again in a few minutes.',
      );
    if (!(await this.budget.tryReserve(channelId, THUMBNAIL_SWAP_UNITS)))
      throw new AppError(
        'conflict',
        `The channel's daily budget of quota units (${this.dailyUnits}) cannot cover the first swap today (${THUMBNAIL_SWAP_UNITS} units). Start the test after midnight Pacific time, when the budget renews.`,
      );
    const now = this.clock.now();
    const durationDays = input.durationDays ?? THUMBNAIL_TEST_DURATION_DEFAULT_DAYS;
    let test: TestRow;
    try {
      const originalId = original
        ? await this.thumbnails.keepPrevious(
            { channelId, youtubeId: video.youtubeId },
            userId,
            original,
          )
        : null;
      const startedByName = await displayName(this.db, userId);
      test = await this.db.transaction(async (tx) => {
        // The per-video lock publishes take after claiming a thumbnail write: a publish claimed
        // before this point is seen here; one claimed after waits for this insert and sees it.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`thumbnail:${video.id}`}))`);
        const [publishing] = await tx
          .select({ id: publishJournal.id })
          .from(publishJournal)
          .where(and(eq(publishJournal.videoId, video.id), eq(publishJournal.status, 'pending')))
          .limit(1);
        if (publishing) throw publishInProgress();
        const [row] = await tx
          .insert(thumbnailTests)
          .values({
            channelId,
            videoId: video.id,
            videoYoutubeId: video.youtubeId,
            metric: input.metric ?? THUMBNAIL_TEST_DEFAULT_METRIC,
            durationDays,
            status: 'running',
            originalThumbnailId: originalId,
            startedBy: userId,
            startedByName,
            startedAt: now,
            endsAt: endOf(now, durationDays),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await tx
          .insert(thumbnailTestVariants)
          .values(ids.map((thumbnailId, position) => ({ testId: row!.id, position, thumbnailId })));
        return row!;
      });
    } catch (error) {
      // Nothing will be sent: the first swap's units go back.
      await this.budget.release(channelId, THUMBNAIL_SWAP_UNITS);
      if (isUniqueViolation(error)) throw running();
      throw error;
    }
    const variants = await this.db
      .select()
      .from(thumbnailTestVariants)
      .where(eq(thumbnailTestVariants.testId, test.id))
      .orderBy(asc(thumbnailTestVariants.position));
    const outcome = await this.runner.exclusive(test.id, () =>
      this.runner.swap(test, 'rotate', variants[0]!, { reserved: true }),
    );
    if (outcome !== 'done' && outcome !== 'unknown') {
      // The first swap was not made (its units went back): nothing changed on the platform, so
      // nothing is kept. The message says what happened.
      const [failed] = await this.db
        .select({ reason: thumbnailTestSwaps.reason })
        .from(thumbnailTestSwaps)
        .where(eq(thumbnailTestSwaps.testId, test.id));
      await this.db.delete(thumbnailTests).where(eq(thumbnailTests.id, test.id));
      if (outcome === 'reconnect')
        throw new AppError(
          'invalid-grant',
          'Failed to connect to the video platform API. Reconnect your channel to continue.',
        );
      if (outcome === 'gone') throw new AppError('not-found', 'YouTube no longer has this video.');
      throw new AppError(
        'platform-unavailable',
        outcome === 'refused'
          ? 'YouTube refused the first thumbnail of the test, so the test was not started.'
          : failed?.reason === 'read-failed'
            ? 'Tubewise could not read the video from YouTube just now, so the test was not started. Try again in a few minutes.'
            : 'YouTube did not take the first thumbnail just now (it is unavailable or its quota is used up), so the test was not started. Try again later.',
      );
    }
    return this.present(await this.require(channelId, test.id));
  }

  /**
   * Stops a running test: records the request and sets the original back at once (the same
   * step as the periodic run, under the test's lock). `ending` when the budget makes it wait.
   */
  async stop(userId: string, channelId: string, testId: string): Promise<ThumbnailTest> {
    await requireLabsFlag(this.db, userId);
    const test = await this.require(channelId, testId);
    if (!ACTIVE_STATUSES.includes(test.status as 'running'))
      throw new AppError('thumbnail-test-ended', 'This test has already ended.');
    const decision = test.decision;
    if (
      test.status === 'ending' &&
      decision?.applied === 'winner' &&
      !(await this.winnerSet(test.id, decision.decidedAt))
    )
      // A winner still waiting (for the budget, or YouTube): stopping sets the original back.
      await this.db
        .update(thumbnailTests)
        .set({
          stopRequestedAt: this.clock.now(),
          updatedAt: this.clock.now(),
          notice: null,
          decision: {
            winnerVariantId: null,
            probability: null,
            reason: 'stopped',
            applied: 'original',
            decidedAt: this.clock.now().toISOString(),
          },
        })
        .where(and(eq(thumbnailTests.id, test.id), eq(thumbnailTests.status, 'ending')));
    if (test.status === 'running' && !test.stopRequestedAt)
      await this.db
        .update(thumbnailTests)
        .set({ stopRequestedAt: this.clock.now(), updatedAt: this.clock.now() })
        .where(and(eq(thumbnailTests.id, test.id), eq(thumbnailTests.status, 'running')));
    await this.runner.step(test.id);
    return this.present(await this.require(channelId, testId));
  }

  /** The active test of a stored video (its id and end), or null: what the editor shows. */
  async activeTest(videoRowId: string): Promise<{ id: string; endsAt: Date } | null> {
    const [row] = await this.db
      .select({ id: thumbnailTests.id, endsAt: thumbnailTests.endsAt })
      .from(thumbnailTests)
      .where(
        and(
          eq(thumbnailTests.videoId, videoRowId),
          inArray(thumbnailTests.status, [...ACTIVE_STATUSES]),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** Whether a test's winner was set after its decision. */
  private async winnerSet(testId: string, decidedAt: string): Promise<boolean> {
    const rows = await this.db
      .select({ createdAt: thumbnailTestSwaps.createdAt })
      .from(thumbnailTestSwaps)
      .where(
        and(
          eq(thumbnailTestSwaps.testId, testId),
          eq(thumbnailTestSwaps.kind, 'winner'),
          inArray(thumbnailTestSwaps.status, ['done', 'pending']),
        ),
      );
    return rows.some((r) => r.createdAt.getTime() >= Date.parse(decidedAt));
  }

  private async refuseIfActive(videoRowId: string) {
    if (await this.activeTest(videoRowId)) throw running();
  }

  private async require(channelId: string, testId: string): Promise<TestRow> {
    if (!isUuid(testId)) throw notFound();
    const row = await this.db.query.thumbnailTests.findFirst({
      where: and(eq(thumbnailTests.id, testId), eq(thumbnailTests.channelId, channelId)),
    });
    if (!row) throw notFound();
    return row;
  }

  private async present(test: TestRow): Promise<ThumbnailTest> {
    const [variants, swaps, days, video] = await Promise.all([
      this.db
        .select()
        .from(thumbnailTestVariants)
        .where(eq(thumbnailTestVariants.testId, test.id))
        .orderBy(asc(thumbnailTestVariants.position)),
      this.db
        .select()
        .from(thumbnailTestSwaps)
        .where(eq(thumbnailTestSwaps.testId, test.id))
        .orderBy(asc(thumbnailTestSwaps.createdAt)),
      this.db
        .select()
        .from(thumbnailTestDays)
        .where(eq(thumbnailTestDays.testId, test.id))
        .orderBy(asc(thumbnailTestDays.day)),
      this.db.query.videos.findFirst({
        where: eq(videos.id, test.videoId),
        columns: { title: true },
      }),
    ]);
    const sizes = variants.length
      ? await this.db
          .select({
            id: thumbnailUploads.id,
            width: thumbnailUploads.width,
            height: thumbnailUploads.height,
          })
          .from(thumbnailUploads)
          .where(
            inArray(
              thumbnailUploads.id,
              variants.map((v) => v.thumbnailId),
            ),
          )
      : [];
    const stored: StoredTest = {
      test,
      videoTitle: video?.title ?? '',
      variants,
      sizes: new Map(sizes.map((s) => [s.id, { width: s.width, height: s.height }])),
      swaps,
      days,
    };
    return presentTest(stored, this.clock.now(), this.runner.nextSwapAt(test));
  }
}

const publishInProgress = () =>
  new AppError(
    'publish-in-progress',
    'This video is being published right now. Start the test once the publish has finished.',
  );

const notFound = () => new AppError('not-found', 'This thumbnail test does not exist.');

const running = () =>
  new AppError(
    'thumbnail-test-running',
    'A thumbnail test is running on this video. Stop it or wait until it ends to change the thumbnail or start another test.',
  );

/** A unique-index violation (PostgreSQL 23505), as both drivers report it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}
