import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  DEFAULT_AI_PERMISSION,
  type AiEligibility,
  type AiFeedbackBody,
  type AiGeneration,
  type AiIneligibleReason,
  type AiQuota,
} from '@tubewise/contract';
import { readOnlyError, type AccountPlan, type PlanGate } from '../../lib/plan-gate.ts';
import type { Db } from '../../db/client.ts';
import {
  aiGenerations,
  channelSettings,
  channels,
  users,
  videoDrafts,
  videos,
  type StoredAiInputs,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { toSafeValue } from '../../lib/safe-text.ts';
import type { OptimizationService } from '../optimization/index.ts';
import { displayName } from '../users/index.ts';
import { monthWindow } from './ai-quota.ts';
import { presentGeneration } from './ai-metadata.presenter.ts';
import type { CaptionSource } from './captions.ts';
import { WriterError, type MetadataWriter } from './metadata-writer.ts';
import {
  buildPrompt,
  RANKING_VIDEOS_SENT,
  RELATED_KEYWORDS_SENT,
  type PromptData,
} from './prompt.ts';
import { MODEL_ANSWER_SCHEMA, readAnswer, type WrittenMetadata } from './written-metadata.ts';

/** Model calls per generation: a malformed answer is asked again once. */
export const MODEL_CALLS_PER_GENERATION = 2;
/**
 * How long one attempt may hold a generation (two model calls of at most 60 s, captions and the
 * search): a claim older than this belongs to a worker that died, and another may take it over.
 */
export const RUN_LEASE_MS = 5 * 60_000;
/**
 * How long a generation may stay open (every retry with its backoff included): older, it is
 * given up and uncounted, so a lost job never blocks the video or the month.
 */
export const OPEN_GENERATION_MAX_MS = 20 * 60_000;

/** Starts the job that writes a generation (pg-boss, or inline without a queue). */
export type EnqueueGeneration = (generationId: string) => Promise<void>;

type GenerationRow = typeof aiGenerations.$inferSelect;

/**
 * AI-written titles and descriptions: who may ask (the person's AI permission, the video's
 * length, a connected channel, the channel's month), the generation job (prompt from the
 * video, its captions where allowed, the search's keywords and ranking videos and the channel's
 * settings; answer validated against the platform's limits), and feedback per text.
 */
export class AiMetadataService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly writer: MetadataWriter;
  private readonly optimization: OptimizationService;
  private readonly captions: CaptionSource;
  private readonly maxVideoMinutes: number;
  private readonly perMonth: number;
  private readonly gate?: PlanGate;
  private enqueue: EnqueueGeneration | null = null;

  constructor(deps: {
    db: Db;
    clock: Clock;
    log: Logger;
    writer: MetadataWriter;
    optimization: OptimizationService;
    captions: CaptionSource;
    maxVideoMinutes: number;
    /** Generations per channel and month when no plan says otherwise (tests). */
    generationsPerMonth: number;
    /** The channel's plan: its monthly limit, and read-only accounts generate nothing. */
    gate?: PlanGate;
  }) {
    this.gate = deps.gate;
    this.db = deps.db;
    this.clock = deps.clock;
    this.log = deps.log;
    this.writer = deps.writer;
    this.optimization = deps.optimization;
    this.captions = deps.captions;
    this.maxVideoMinutes = deps.maxVideoMinutes;
    this.perMonth = deps.generationsPerMonth;
  }

  /** Connects the job queue (compose); without it, generations run in this process. */
  setEnqueue(enqueue: EnqueueGeneration): void {
    this.enqueue = enqueue;
  }

  /** The channel's generations this month against its limit. */
  async quota(channelId: string, db: Db = this.db, plan?: AccountPlan): Promise<AiQuota> {
    const { start, resetsAt } = monthWindow(this.clock.now());
    const limit = this.gate
      ? (plan ?? (await this.gate.forChannel(channelId, db))).limits.aiGenerationsPerMonth
      : this.perMonth;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(aiGenerations)
      .where(
        and(
          eq(aiGenerations.channelId, channelId),
          eq(aiGenerations.counted, true),
          gte(aiGenerations.createdAt, start),
        ),
      );
    const used = Number(row?.n ?? 0);
    const remaining = Math.max(0, limit - used);
    return {
      used,
      limit,
      remaining,
      exceeded: remaining === 0,
      resetsAt: resetsAt.toISOString(),
    };
  }

  /** Whether the video may get AI-written metadata now, with every condition that fails. */
  async eligibility(userId: string, channelId: string, videoId: string): Promise<AiEligibility> {
    return this.eligibilityIn(this.db, userId, channelId, videoId);
  }

  private async eligibilityIn(
    db: Db,
    userId: string,
    channelId: string,
    videoId: string,
  ): Promise<AiEligibility> {
    const video = await this.requireVideo(channelId, videoId, db);
    const plan = this.gate ? await this.gate.forChannel(channelId, db) : undefined;
    const [user, channel, quota] = await Promise.all([
      db.query.users.findFirst({ where: eq(users.id, userId), columns: { aiPermission: true } }),
      db.query.channels.findFirst({
        where: eq(channels.id, channelId),
        columns: { needsReconnect: true },
      }),
      this.quota(channelId, db, plan),
    ]);
    const reasons: AiIneligibleReason[] = [];
    if (plan?.readOnly) {
      reasons.push({
        code: 'account-read-only',
        message: readOnlyError(plan).message,
      });
    }
    if (user?.aiPermission !== DEFAULT_AI_PERMISSION) {
      reasons.push({
        code: 'no-permission',
        message:
          "You have not allowed AI to read your videos' metadata and captions. Allow it in your account settings.",
      });
    }
    const minutes = video.durationSeconds === null ? null : video.durationSeconds / 60;
    if (minutes !== null && minutes > this.maxVideoMinutes) {
      reasons.push({
        code: 'video-too-long',
        message: `This video is ${Math.ceil(minutes)} minutes long; AI metadata is written for videos up to ${this.maxVideoMinutes} minutes.`,
      });
    }
    if (!channel || channel.needsReconnect) {
      reasons.push({
        code: 'channel-disconnected',
        message: 'The channel needs to be reconnected before AI can read its videos.',
      });
    }
    if (quota.exceeded) {
      reasons.push({
        code: 'quota-exceeded',
        message: `This channel has used all ${quota.limit} AI generations of this month; the count starts again on ${quota.resetsAt.slice(0, 10)}.`,
      });
    }
    return {
      eligible: reasons.length === 0,
      reasons,
      quota,
      maxVideoMinutes: this.maxVideoMinutes,
      durationSeconds: video.durationSeconds,
    };
  }

  /**
   * Starts a generation for the video and answers it pending. A generation already in progress
   * for the video is answered instead (no second spend). The month's count is checked and the
   * row inserted under a per-channel lock, so concurrent calls never overspend the quota.
   *
   * @throws AppError 'ai-permission-required', 'ai-quota-exceeded' (details.quota),
   *   'ai-not-eligible' (details.reasons), 'not-found'
   */
  async generate(
    userId: string,
    channelId: string,
    videoId: string,
    searchTerm?: string | null,
  ): Promise<AiGeneration> {
    const { row, created } = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`ai-generate:${channelId}`}))`);
      await this.giveUpStale(channelId, videoId, tx);
      const open = await tx.query.aiGenerations.findFirst({
        where: and(
          eq(aiGenerations.channelId, channelId),
          eq(aiGenerations.videoId, videoId),
          inArray(aiGenerations.status, ['pending', 'running']),
        ),
      });
      if (open) return { row: open, created: false };
      const eligibility = await this.eligibilityIn(tx, userId, channelId, videoId);
      const codes = eligibility.reasons.map((r) => r.code);
      if (codes.includes('account-read-only') && this.gate) {
        throw readOnlyError(await this.gate.forChannel(channelId, tx));
      }
      if (codes.includes('no-permission')) {
        throw new AppError(
          'ai-permission-required',
          eligibility.reasons.find((r) => r.code === 'no-permission')!.message,
        );
      }
      if (codes.includes('quota-exceeded')) {
        throw new AppError(
          'ai-quota-exceeded',
          eligibility.reasons.find((r) => r.code === 'quota-exceeded')!.message,
          { details: { quota: eligibility.quota } },
        );
      }
      if (!eligibility.eligible) {
        throw new AppError('ai-not-eligible', eligibility.reasons.map((r) => r.message).join(' '), {
          details: { reasons: eligibility.reasons },
        });
      }
      const video = await this.requireVideo(channelId, videoId, tx);
      const draft = await tx.query.videoDrafts.findFirst({
        where: eq(videoDrafts.videoId, video.id),
        columns: { searchTerm: true },
      });
      const term =
        (searchTerm === undefined ? (draft?.searchTerm ?? video.searchTerm) : searchTerm)?.trim() ||
        null;
      const [inserted] = await tx
        .insert(aiGenerations)
        .values({
          channelId,
          videoId,
          requestedBy: userId,
          searchTerm: term,
          createdAt: this.clock.now(),
        })
        .returning();
      return { row: inserted!, created: true };
    });
    if (created) {
      try {
        if (this.enqueue) await this.enqueue(row.id);
        else
          void this.run(row.id, { final: true }).catch((error: unknown) => {
            this.log.error({ err: error, generationId: row.id }, 'AI generation failed');
          });
      } catch (error) {
        await this.fail(
          and(eq(aiGenerations.id, row.id), eq(aiGenerations.status, 'pending')),
          'unavailable',
          'The generation could not be started. Try again.',
        );
        this.log.error({ err: error, generationId: row.id }, 'Enqueueing an AI generation failed');
        throw new AppError('unavailable', 'The generation could not be started. Try again.');
      }
    }
    return this.present(row);
  }

  /** A generation as the contract shows it, with the requester's name (not their user id). */
  private async present(row: GenerationRow): Promise<AiGeneration> {
    return presentGeneration(
      row,
      row.requestedBy ? await displayName(this.db, row.requestedBy) : null,
    );
  }

  /** The video's latest generation, null when it has none. */
  async latest(channelId: string, videoId: string): Promise<AiGeneration | null> {
    await this.requireVideo(channelId, videoId);
    const read = () =>
      this.db.query.aiGenerations.findFirst({
        where: and(eq(aiGenerations.channelId, channelId), eq(aiGenerations.videoId, videoId)),
        orderBy: [desc(aiGenerations.createdAt), desc(aiGenerations.id)],
      });
    let row = await read();
    // A poll writes only when the generation it finds was left open too long (a lost job).
    if (row && isStale(row, this.clock.now())) {
      await this.giveUpStale(channelId, videoId);
      row = await read();
    }
    return row ? this.present(row) : null;
  }

  /**
   * Rates a title (by index) or the description up or down, or unsets it; one UPDATE that
   * sets only the rated item, so two people rating different items both keep theirs.
   */
  async feedback(
    channelId: string,
    videoId: string,
    generationId: string,
    body: AiFeedbackBody,
  ): Promise<AiGeneration> {
    if (!isUuid(generationId)) throw new AppError('not-found', 'No such generation');
    const row = await this.db.query.aiGenerations.findFirst({
      where: and(
        eq(aiGenerations.id, generationId),
        eq(aiGenerations.channelId, channelId),
        eq(aiGenerations.videoId, videoId),
      ),
    });
    if (!row) throw new AppError('not-found', 'No such generation');
    if (row.status !== 'done') {
      throw new AppError('conflict', 'Only a finished generation can be rated.');
    }
    const value = JSON.stringify(body.value);
    let updated: GenerationRow[];
    if (body.target === 'title') {
      if (body.index >= row.titles.length) throw new AppError('not-found', 'No such title');
      updated = await this.db
        .update(aiGenerations)
        .set({
          titles: sql`jsonb_set(${aiGenerations.titles}, ${`{${body.index},feedback}`}::text[], ${value}::jsonb)`,
        })
        .where(eq(aiGenerations.id, row.id))
        .returning();
    } else {
      if (!row.description) throw new AppError('not-found', 'No description');
      updated = await this.db
        .update(aiGenerations)
        .set({
          description: sql`jsonb_set(${aiGenerations.description}, '{feedback}', ${value}::jsonb)`,
        })
        .where(eq(aiGenerations.id, row.id))
        .returning();
    }
    return this.present(updated[0]!);
  }

  /**
   * The job: writes a generation. Claims it (pending or running: a worker that died leaves it
   * running for pg-boss's retry), reads the inputs, asks the model (once more on a malformed
   * answer) and stores the checked result. A model that is unreachable is retried by the job;
   * on the last attempt (`final`), or for any other failure, the generation fails and stops
   * counting against the month.
   */
  async run(generationId: string, options: { final: boolean }): Promise<void> {
    const claimedAt = this.clock.now();
    const [row] = await this.db
      .update(aiGenerations)
      .set({ status: 'running', startedAt: claimedAt })
      .where(
        and(
          eq(aiGenerations.id, generationId),
          or(
            eq(aiGenerations.status, 'pending'),
            and(
              eq(aiGenerations.status, 'running'),
              lt(aiGenerations.startedAt, new Date(claimedAt.getTime() - RUN_LEASE_MS)),
            ),
          ),
        ),
      )
      .returning();
    if (!row) return;
    // Every later write names this claim, so a run that lost it (its lease ran out and another
    // took over) changes nothing.
    const mine = and(
      eq(aiGenerations.id, row.id),
      eq(aiGenerations.status, 'running'),
      eq(aiGenerations.startedAt, claimedAt),
    );
    try {
      const gathered = await this.gather(row);
      if ('failure' in gathered) {
        await this.fail(mine, gathered.failure.code, gathered.failure.message);
        return;
      }
      const { data, inputs } = gathered;
      const prompt = buildPrompt(data);
      let written: WrittenMetadata | null = null;
      let model = this.writer.model;
      let promptTokens = 0;
      let completionTokens = 0;
      let attempts = 0;
      while (!written && attempts < MODEL_CALLS_PER_GENERATION) {
        attempts++;
        const answer = await this.writer.write(prompt, MODEL_ANSWER_SCHEMA);
        model = answer.model;
        promptTokens += answer.promptTokens;
        completionTokens += answer.completionTokens;
        written = readAnswer(toSafeValue(answer.content));
      }
      const base = {
        model,
        inputs,
        language: data.language,
        promptTokens,
        completionTokens,
        attempts: sql`${aiGenerations.attempts} + ${attempts}`,
        finishedAt: this.clock.now(),
      };
      if (!written) {
        await this.db
          .update(aiGenerations)
          .set({
            ...base,
            status: 'failed',
            counted: false,
            errorCode: 'ai-answer-invalid',
            errorMessage:
              'The AI model did not answer in the expected form, twice. Nothing was counted; try again.',
          })
          .where(mine);
        this.log.warn({ generationId: row.id, model }, 'AI answer malformed twice');
        return;
      }
      await this.db
        .update(aiGenerations)
        .set({
          ...base,
          status: 'done',
          titles: written.titles.map((text) => ({ text, feedback: null })),
          description: { text: written.description, feedback: null },
        })
        .where(mine);
      this.log.info(
        { generationId: row.id, model, promptTokens, completionTokens },
        'AI generation written',
      );
    } catch (error) {
      if (error instanceof WriterError && error.kind === 'unavailable' && !options.final) {
        // Back to pending, so the job's retry can claim it at once.
        await this.db.update(aiGenerations).set({ status: 'pending' }).where(mine);
        this.log.warn(
          { generationId: row.id, status: error.status },
          'AI model unavailable; retrying',
        );
        throw error;
      }
      const message =
        error instanceof WriterError
          ? error.kind === 'unavailable'
            ? 'The AI model could not be reached. Nothing was counted; try again later.'
            : 'The AI model is not set up correctly. Nothing was counted; tell the administrator.'
          : 'The generation failed. Nothing was counted; try again.';
      await this.fail(mine, error instanceof WriterError ? `ai-${error.kind}` : 'failed', message);
      // The error's name and code only: a database error's message and parameters would hold
      // the model's answer, which logs never contain.
      this.log.warn(
        {
          generationId: row.id,
          ...(error instanceof WriterError
            ? { status: error.status }
            : { error: errorSummary(error) }),
        },
        'AI generation failed',
      );
    }
  }

  /** Reads everything the prompt is made of, or why it cannot be made. */
  private async gather(
    row: GenerationRow,
  ): Promise<
    { data: PromptData; inputs: StoredAiInputs } | { failure: { code: string; message: string } }
  > {
    const video = await this.db.query.videos.findFirst({
      where: and(eq(videos.channelId, row.channelId), eq(videos.youtubeId, row.videoId)),
    });
    if (!video) return { failure: { code: 'not-found', message: 'The video is gone.' } };
    // The permission is read again here: nothing leaves for the model once it is withdrawn.
    const requester = row.requestedBy
      ? await this.db.query.users.findFirst({
          where: eq(users.id, row.requestedBy),
          columns: { aiPermission: true },
        })
      : null;
    if (requester?.aiPermission !== DEFAULT_AI_PERMISSION) {
      return {
        failure: {
          code: 'ai-permission-required',
          message: "AI may not read this channel's data: the permission was withdrawn.",
        },
      };
    }
    const [draft, settings] = await Promise.all([
      this.db.query.videoDrafts.findFirst({ where: eq(videoDrafts.videoId, video.id) }),
      this.db.query.channelSettings.findFirst({
        where: eq(channelSettings.channelId, row.channelId),
      }),
    ]);
    const term = row.searchTerm;
    const context = term
      ? await this.optimization.searchContext(row.channelId, term)
      : { languageId: settings?.language ?? 'en-us', related: [], rankingTitles: [], topTags: [] };
    const captions = await this.captions.transcript(row.channelId, video);
    const language = languageOf(
      draft?.language ?? video.defaultLanguage ?? video.defaultAudioLanguage ?? context.languageId,
    );
    const data: PromptData = {
      searchTerm: term,
      language,
      video: {
        title: draft?.title ?? video.title,
        description: draft?.description ?? video.description,
        tags: draft?.tags ?? video.tags,
        durationSeconds: video.durationSeconds,
      },
      captions: captions.text,
      relatedKeywords: context.related.map((k) => ({ keyword: k.keyword, volume: k.volume })),
      rankingVideos: context.rankingTitles.map((title) => ({ title, tags: [] })),
      rankingTags: context.topTags,
      channel: {
        companyName: settings?.companyName ?? '',
        eeatStatement: settings?.eeatStatement ?? '',
        toneOfVoice: settings?.toneOfVoice ?? '',
        industries: settings?.industries ?? [],
        topics: settings?.topics ?? [],
      },
    };
    return {
      data,
      inputs: {
        captions: captions.state,
        relatedKeywords: Math.min(data.relatedKeywords.length, RELATED_KEYWORDS_SENT),
        rankingVideos: Math.min(data.rankingVideos.length, RANKING_VIDEOS_SENT),
      },
    };
  }

  /** Marks the generation(s) `where` selects failed and no longer counted. */
  private async fail(
    where: SQL | undefined,
    code: string,
    message: string,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .update(aiGenerations)
      .set({
        status: 'failed',
        counted: false,
        errorCode: code,
        errorMessage: message,
        finishedAt: this.clock.now(),
      })
      .where(where);
  }

  /** Open generations of the video older than OPEN_GENERATION_MAX_MS: given up, uncounted. */
  private async giveUpStale(channelId: string, videoId: string, db: Db = this.db): Promise<void> {
    await this.fail(
      and(
        eq(aiGenerations.channelId, channelId),
        eq(aiGenerations.videoId, videoId),
        inArray(aiGenerations.status, ['pending', 'running']),
        lt(aiGenerations.createdAt, new Date(this.clock.now().getTime() - OPEN_GENERATION_MAX_MS)),
      ),
      'ai-timeout',
      'The generation took too long and was given up. Nothing was counted; try again.',
      db,
    );
  }

  private async requireVideo(channelId: string, videoId: string, db: Db = this.db) {
    const video = await db.query.videos.findFirst({
      where: and(eq(videos.channelId, channelId), eq(videos.youtubeId, videoId)),
      columns: { id: true, durationSeconds: true, searchTerm: true },
    });
    if (!video) throw new AppError('not-found', 'No such video');
    return video;
  }
}

/** Whether a generation is still open after OPEN_GENERATION_MAX_MS. */
function isStale(row: GenerationRow, now: Date): boolean {
  return (
    (row.status === 'pending' || row.status === 'running') &&
    row.createdAt.getTime() < now.getTime() - OPEN_GENERATION_MAX_MS
  );
}

/** An error's name and code, without its message (which may quote data). */
function errorSummary(error: unknown): { name: string; code?: unknown } {
  if (!(error instanceof Error)) return { name: typeof error };
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown })?.code;
  return { name: error.name, ...(code === undefined ? {} : { code }) };
}

/** A language tag's primary language ('en-us' → 'en'). */
function languageOf(tag: string): string {
  return tag.split(/[-_]/)[0]!.toLowerCase() || 'en';
}
