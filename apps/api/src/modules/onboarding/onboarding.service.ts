// Public onboarding: a visitor's competitors, keywords and locale, bound to the browser session
// that made it (any other session gets 404, like an unknown id), then the e-mail step. After
// verification, changes need the owner token and make the report again.
import type { Logger } from 'pino';
import type { Onboarding, UpdateOnboardingBody } from '@tubewise/contract';
import {
  INSIGHTS_TTL_DAYS,
  ONBOARDING_COMPETITORS_MAX,
  ONBOARDING_COMPETITORS_MIN,
  ONBOARDING_KEYWORDS_MAX,
  ONBOARDING_KEYWORDS_MIN,
} from '@tubewise/contract/onboarding-constants';
import type { StoredOnboardingCompetitor } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { LOCALES } from '../channels/index.ts';
import type { PublicChannelsService } from '../competition/index.ts';
import { isSendableKeyword, normalizeKeyword } from '../keywords/index.ts';
import { RateLimitService, type AuthLimits } from '../rate-limit/index.ts';
import { suggestKeywords, type KeywordSuggestion } from './keyword-suggestions.ts';
import { presentOnboarding, type OnboardingRow } from './onboarding.presenter.ts';
import type { OnboardingChanges, OnboardingRepository } from './onboarding.repository.ts';
import type { OnboardingSecrets } from './onboarding-secrets.ts';
import type { InsightsStarter, RequestMeta, VerificationService } from './verification.service.ts';

/** The locale of an onboarding that names none. */
export const DEFAULT_ONBOARDING_LOCALE = 'en-us';
/** Unverified onboardings are deleted this long after they were started. */
export const UNVERIFIED_ONBOARDING_DAYS = 7;

const NOT_FOUND = 'This onboarding does not exist.';
const TOO_MANY_STARTS = 'Too many onboardings were started. Please try again later.';
const TOO_MANY_REQUESTS = 'Too many requests. Please wait a few minutes and try again.';

/** Starts, reads and saves onboardings. Knows nothing of HTTP. */
export class OnboardingService {
  private readonly deps: {
    repo: OnboardingRepository;
    secrets: OnboardingSecrets;
    verification: VerificationService;
    insights: InsightsStarter;
    publicChannels: Pick<PublicChannelsService, 'get' | 'purgeUnread'>;
    limits: RateLimitService;
    authLimits: AuthLimits;
    clock: Clock;
    log: Logger;
  };

  constructor(deps: OnboardingService['deps']) {
    this.deps = deps;
  }

  /** POST /new: an onboarding bound to the browser session (rate-limited per IP and session). */
  async start(
    input: { sessionId: string; locale?: string | undefined },
    meta: RequestMeta,
  ): Promise<Onboarding> {
    const { repo, limits, authLimits, clock } = this.deps;
    const locale = localeOf(input.locale ?? DEFAULT_ONBOARDING_LOCALE);
    RateLimitService.assertAllowed(
      await limits.hit(`onboarding:start:ip:${meta.ip}`, authLimits.onboardingStartIp),
      TOO_MANY_STARTS,
    );
    RateLimitService.assertAllowed(
      await limits.hit(
        `onboarding:start:session:${input.sessionId}`,
        authLimits.onboardingStartSession,
      ),
      TOO_MANY_STARTS,
    );
    const now = clock.now();
    const row = await repo.create({ sessionId: input.sessionId, locale, now });
    return presentOnboarding(row, null, now);
  }

  /** GET /{id}: the session's onboarding (404 for any other session). */
  async get(id: string, sessionId: string, meta: RequestMeta): Promise<Onboarding> {
    const row = await this.owned(id, sessionId, meta);
    return this.present(row);
  }

  /**
   * PATCH /{id}: saves competitors (deduplicated by channel), keywords (normalised as tracked
   * keywords are, deduplicated), locale; `email` with `tosAccepted` sends the code once a
   * competitor and a keyword are saved (409 `onboarding-incomplete` before). A verified
   * onboarding changes only with its owner token, keeps 1–5 competitors and 1–10 keywords (400
   * naming the field), and a change of its inputs makes the report again under the same shared
   * id, at most INSIGHTS_BUILDS_PER_DAY times a day per onboarding and per address (429, nothing
   * saved, past them).
   */
  async update(id: string, body: UpdateOnboardingBody, meta: RequestMeta): Promise<Onboarding> {
    const { repo, secrets, verification, clock } = this.deps;
    const row = await this.owned(id, body.sessionId, meta);
    const changes = inputChanges(row, body);
    const inputsChange = Object.keys(changes).length > 0;
    const verified = row.verifiedAt !== null;
    const emailChange = body.email !== undefined && body.email !== row.email;
    if (body.email !== undefined && body.tosAccepted !== true)
      throw validation('tosAccepted', 'Accept the terms of service to continue.');
    if (body.tosAccepted === true && body.email === undefined)
      throw validation('email', 'Enter your e-mail address.');
    if (verified && (inputsChange || emailChange) && !secrets.owns(row, body.token))
      throw new AppError(
        'invalid-token',
        'This onboarding is verified: open it from the browser that verified it, or use the e-mailed link.',
      );
    if (emailChange && row.userId)
      throw new AppError('conflict', 'An account was created from this onboarding already.');
    if (verified) assertStillComplete(changes);
    // A verified onboarding whose inputs change has its report made again (now, or at its
    // re-verification when the address changes too): counted and refused past the limits.
    if (verified && inputsChange) await this.deps.insights.countBuild(row, { enforce: true });

    const now = clock.now();
    let saved: OnboardingRow | null;
    if (body.email !== undefined && (emailChange || !verified)) {
      const competitors = changes.competitors ?? row.competitors;
      const keywords = changes.keywords ?? row.keywords;
      if (competitors.length === 0 || keywords.length === 0)
        throw new AppError(
          'onboarding-incomplete',
          'Choose at least one competitor and one keyword before entering your e-mail.',
        );
      await verification.assertSendAllowed(meta, body.sessionId);
      const outcome = await verification.send(row, body.email, {
        ...changes,
        tosAcceptedAt: now,
        // A new address is verified anew; the old owner token proved the old one.
        ...(verified ? { verifiedAt: null, tokenHash: null } : {}),
      });
      saved = outcome.row;
    } else if (inputsChange) {
      saved = await repo.update(row.id, { ...changes, updatedAt: now });
    } else {
      saved = row;
    }
    if (!saved) throw new AppError('not-found', NOT_FOUND);
    if (saved.verifiedAt !== null && inputsChange) {
      try {
        await this.deps.insights.start(saved.id);
      } catch (error) {
        // Saved: reading the onboarding (just below, or later) starts the report again.
        this.deps.log.error({ err: error, onboardingId: saved.id }, 'Insights report not started');
      }
    }
    return this.present(saved);
  }

  /**
   * GET /{id}/keyword-suggestions: phrases the chosen competitors' recent videos use (tags and
   * titles), the keywords already chosen left out.
   */
  async keywordSuggestions(
    id: string,
    sessionId: string,
    meta: RequestMeta,
  ): Promise<{ suggestions: KeywordSuggestion[] }> {
    const row = await this.owned(id, sessionId, meta);
    if (row.competitors.length === 0) return { suggestions: [] };
    let channels;
    try {
      // A visitor's read: the onboarding's own budget, one page of uploads.
      channels = await this.deps.publicChannels.get(
        row.competitors.map((c) => c.youtubeId),
        { light: true },
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.deps.log.warn({ err: error }, 'Onboarding suggestions: channel data unavailable');
      throw new AppError(
        'unavailable',
        'Channel data is unavailable right now. Please try again in a few minutes.',
        { retryAfterSeconds: 30 },
      );
    }
    return {
      suggestions: suggestKeywords(
        channels.map((c) => ({ youtubeId: c.youtubeId, videos: c.videos })),
        row.keywords,
      ),
    };
  }

  /**
   * Deletes unverified onboardings older than UNVERIFIED_ONBOARDING_DAYS, forgets the e-mail
   * of verified ones that made no account once their report expired, and drops the stored rows
   * of channels never read that nobody follows (mostly visitors' picks; daily).
   */
  async purge(): Promise<number> {
    const now = this.deps.clock.now().getTime();
    const deleted = await this.deps.repo.deleteUnverifiedBefore(
      new Date(now - UNVERIFIED_ONBOARDING_DAYS * 86_400_000),
    );
    const forgotten = await this.deps.repo.forgetUnclaimedBefore(
      new Date(now - INSIGHTS_TTL_DAYS * 86_400_000),
    );
    const unread = await this.deps.publicChannels.purgeUnread();
    return deleted + forgotten + unread;
  }

  /** The onboarding if the session owns it (404 otherwise), counted against the IP's limit. */
  private async owned(id: string, sessionId: string, meta: RequestMeta): Promise<OnboardingRow> {
    RateLimitService.assertAllowed(
      await this.deps.limits.hit(`onboarding:ip:${meta.ip}`, this.deps.authLimits.onboardingIp),
      TOO_MANY_REQUESTS,
    );
    const row = await this.deps.repo.forSession(id, sessionId);
    if (!row) throw new AppError('not-found', NOT_FOUND);
    return row;
  }

  /** The onboarding as answered; a verified one whose report never started gets it started. */
  private async present(row: OnboardingRow): Promise<Onboarding> {
    const { repo, insights: reports, log } = this.deps;
    let insights = row.verifiedAt ? await repo.insightsOf(row.id) : null;
    if (reports.needsStart(row, insights)) {
      try {
        await reports.start(row.id, { onlyIfMissing: true });
      } catch (error) {
        log.error({ err: error, onboardingId: row.id }, 'Insights report not started');
      }
      insights = await repo.insightsOf(row.id);
    }
    return presentOnboarding(row, insights, this.deps.clock.now());
  }
}

/** A locale id of LOCALES (lower case), or 400 naming `locale`. */
export function localeOf(locale: string): string {
  const id = locale.toLowerCase();
  if (!LOCALES.some((l) => l.id === id)) throw validation('locale', 'Unknown keyword language.');
  return id;
}

/** A verified onboarding keeps what a report needs: 400 naming the field a change would empty. */
function assertStillComplete(changes: OnboardingChanges): void {
  const { competitors, keywords } = changes;
  if (
    competitors &&
    (competitors.length < ONBOARDING_COMPETITORS_MIN ||
      competitors.length > ONBOARDING_COMPETITORS_MAX)
  )
    throw validation(
      'competitors',
      `Keep ${ONBOARDING_COMPETITORS_MIN} to ${ONBOARDING_COMPETITORS_MAX} competitors.`,
    );
  if (
    keywords &&
    (keywords.length < ONBOARDING_KEYWORDS_MIN || keywords.length > ONBOARDING_KEYWORDS_MAX)
  )
    throw validation(
      'keywords',
      `Keep ${ONBOARDING_KEYWORDS_MIN} to ${ONBOARDING_KEYWORDS_MAX} keywords.`,
    );
}

/** What a PATCH changes of the onboarding's inputs (competitors, keywords, locale). */
function inputChanges(row: OnboardingRow, body: UpdateOnboardingBody): OnboardingChanges {
  const changes: OnboardingChanges = {};
  if (body.competitors !== undefined) {
    const competitors = distinctCompetitors(body.competitors);
    if (JSON.stringify(competitors) !== JSON.stringify(row.competitors))
      changes.competitors = competitors;
  }
  if (body.keywords !== undefined) {
    const keywords = normalisedKeywords(body.keywords);
    if (JSON.stringify(keywords) !== JSON.stringify(row.keywords)) changes.keywords = keywords;
  }
  if (body.locale !== undefined) {
    const locale = localeOf(body.locale);
    if (locale !== row.locale) changes.locale = locale;
  }
  return changes;
}

/** Competitors without repeats (the first of each channel kept), thumbnails only over https. */
function distinctCompetitors(
  list: readonly StoredOnboardingCompetitor[],
): StoredOnboardingCompetitor[] {
  const seen = new Set<string>();
  const out: StoredOnboardingCompetitor[] = [];
  for (const c of list) {
    if (seen.has(c.youtubeId)) continue;
    seen.add(c.youtubeId);
    out.push({
      youtubeId: c.youtubeId,
      title: c.title,
      // Shown back as an image: nothing but an https URL is kept.
      thumbnailUrl: /^https:\/\/[^\s"'<>]+$/.test(c.thumbnailUrl) ? c.thumbnailUrl : '',
    });
  }
  return out;
}

/** Keywords normalised as tracked keywords are, without repeats; unusable ones are refused. */
function normalisedKeywords(list: readonly string[]): string[] {
  const out: string[] = [];
  list.forEach((raw, index) => {
    const keyword = normalizeKeyword(raw);
    if (!keyword) throw validation(`keywords.${index}`, 'Use letters or numbers in a keyword.');
    if (!isSendableKeyword(keyword))
      throw validation(`keywords.${index}`, 'Use at most 80 characters and 10 words.');
    if (!out.includes(keyword)) out.push(keyword);
  });
  return out.slice(0, ONBOARDING_KEYWORDS_MAX);
}

function validation(path: string, message: string): AppError {
  return new AppError('validation-failed', message, { issues: [{ path, message }] });
}
