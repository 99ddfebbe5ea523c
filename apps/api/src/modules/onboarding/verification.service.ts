// E-mail verification of an onboarding: a 6-digit code (15 minutes, 5 tries) and a link (24 h,
// once), both sent in one e-mail. Codes, links and owner tokens are stored as keyed hashes and
// compared in constant time; nothing here looks at accounts, so no answer can tell whether an
// address has one.
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { validateEmailCodeResponse, validateEmailTokenResponse } from '@tubewise/contract';
import {
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MINUTES,
  VERIFICATION_LINK_TTL_HOURS,
  VERIFICATION_RESEND_COOLDOWN_SECONDS,
  VERIFICATION_SENDS_PER_ADDRESS_PER_HOUR,
  VERIFICATION_SENDS_PER_EMAIL_PER_HOUR,
} from '@tubewise/contract/onboarding-constants';
import { onboardings } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailService } from '../mail/index.ts';
import { RateLimitService, type AuthLimits, type Limit } from '../rate-limit/index.ts';
import type { InsightsService } from './insights.service.ts';
import { verificationEmail } from './onboarding.emails.ts';
import {
  presentOnboarding,
  resendAvailableAt,
  type OnboardingRow,
} from './onboarding.presenter.ts';
import type { OnboardingChanges, OnboardingRepository } from './onboarding.repository.ts';
import { AppError } from '../../lib/errors.ts';
import type { OnboardingSecrets } from './onboarding-secrets.ts';

/** Codes one browser session may have sent to one address per hour. */
export const SENDS_PER_EMAIL_SESSION: Limit = {
  max: VERIFICATION_SENDS_PER_EMAIL_PER_HOUR,
  windowSeconds: 3600,
};
/** Codes one address may be sent per hour, whichever sessions ask (silently not sent beyond). */
export const SENDS_PER_EMAIL: Limit = {
  max: VERIFICATION_SENDS_PER_ADDRESS_PER_HOUR,
  windowSeconds: 3600,
};

const TOO_MANY_SENDS = 'Too many verification e-mails were asked for. Please try again later.';
const TOO_MANY_VALIDATIONS = 'Too many verification attempts. Please try again later.';

/** Who is asking: the address limits count by. */
export interface RequestMeta {
  ip: string;
}

/** Starts (or restarts) the insights report of a verified onboarding, and counts its makings. */
export type InsightsStarter = Pick<InsightsService, 'start' | 'needsStart' | 'countBuild'>;

type CodeAnswer = z.input<typeof validateEmailCodeResponse>;
type LinkAnswer = z.input<typeof validateEmailTokenResponse>;

/** The outcome of a send: the row as it is now and when another send may go out. */
export interface SendOutcome {
  row: OnboardingRow;
  sent: boolean;
  resendAvailableAt: Date;
}

/** Sends and checks the verification codes and links of onboardings. Knows nothing of HTTP. */
export class VerificationService {
  private readonly deps: {
    repo: OnboardingRepository;
    secrets: OnboardingSecrets;
    mail: MailService;
    limits: RateLimitService;
    clock: Clock;
    log: Logger;
    authLimits: AuthLimits;
    publicUrl: string;
    productName: string;
    insights: InsightsStarter;
  };

  constructor(deps: VerificationService['deps']) {
    this.deps = deps;
  }

  /** Counts a request for a verification e-mail against the IP address and the session (429). */
  async assertSendAllowed(meta: RequestMeta, sessionId: string): Promise<void> {
    const { limits, authLimits } = this.deps;
    RateLimitService.assertAllowed(
      await limits.hit(`onboarding:send:ip:${meta.ip}`, authLimits.onboardingSendIp),
      TOO_MANY_SENDS,
    );
    RateLimitService.assertAllowed(
      await limits.hit(`onboarding:send:session:${sessionId}`, authLimits.onboardingSendSession),
      TOO_MANY_SENDS,
    );
  }

  /**
   * Sends a fresh code and link for the onboarding's address `email` (set here, with `extra`
   * changes). A new address always clears the previous code and link (they prove another
   * mailbox); the same address waits out the cooldown after this onboarding's last send. Sends
   * are counted per address and browser session (past VERIFICATION_SENDS_PER_EMAIL_PER_HOUR the
   * answer says when this session may send again) and per address for every session (past
   * VERIFICATION_SENDS_PER_ADDRESS_PER_HOUR the send answers as usual but nothing is delivered
   * and no code or link is made): nothing in the answer comes from other sessions' sends, so no one learns that
   * someone else is sending codes to the address, and no one can hold the owner's session up
   * beyond the address's hourly cap.
   */
  async send(
    row: OnboardingRow,
    email: string,
    extra: OnboardingChanges = {},
  ): Promise<SendOutcome> {
    const { repo, secrets, limits, clock } = this.deps;
    const now = clock.now();
    const newAddress = row.email !== email;
    const cooldownEnds = newAddress ? null : resendAvailableAt(row);
    const clearOld: OnboardingChanges = newAddress
      ? {
          codeHash: null,
          codeExpiresAt: null,
          codeAttempts: 0,
          linkHash: null,
          linkExpiresAt: null,
        }
      : {};
    if (cooldownEnds && cooldownEnds > now) {
      const kept = await repo.update(row.id, { ...extra, updatedAt: now });
      return { row: kept ?? row, sent: false, resendAvailableAt: cooldownEnds };
    }
    const perSession = await limits.hit(
      `onboarding:send:email-session:${email}:${row.sessionId}`,
      SENDS_PER_EMAIL_SESSION,
    );
    if (!perSession.allowed) {
      // This session's own sends: saying when it may send again tells nothing of anyone else.
      const kept = await repo.update(row.id, { ...extra, ...clearOld, email, updatedAt: now });
      const wait = new Date(now.getTime() + perSession.retryAfterSeconds * 1000);
      return { row: kept ?? row, sent: false, resendAvailableAt: wait };
    }
    // Past the address's cap (other sessions' sends), nothing is delivered and no code or link
    // is made: the row answers as if one were out (its expiry, the cooldown), but none can be
    // used, so these sends make no tries that count against the address.
    const deliver = (await limits.hit(`onboarding:send:email:${email}`, SENDS_PER_EMAIL)).allowed;
    const code = secrets.newCode();
    const link = secrets.newToken();
    const updated = await repo.update(row.id, {
      ...extra,
      email,
      codeHash: deliver ? secrets.codeHash(row.id, code) : null,
      codeExpiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MINUTES * 60_000),
      codeAttempts: 0,
      codeSentAt: now,
      linkHash: deliver ? secrets.linkHash(link) : null,
      linkExpiresAt: deliver
        ? new Date(now.getTime() + VERIFICATION_LINK_TTL_HOURS * 3_600_000)
        : null,
      updatedAt: now,
    });
    if (!updated) throw new Error(`onboarding ${row.id} vanished while sending its code`);
    if (deliver) {
      await this.deps.mail.send(
        verificationEmail({
          to: email,
          code,
          link: `${this.deps.publicUrl}/onboarding?token=${encodeURIComponent(link)}`,
          productName: this.deps.productName,
        }),
      );
    } else {
      this.deps.log.info(
        { onboardingId: row.id },
        "Verification e-mail not delivered: the address's hourly sends are used up",
      );
    }
    return {
      row: updated,
      sent: deliver,
      resendAvailableAt: new Date(now.getTime() + VERIFICATION_RESEND_COOLDOWN_SECONDS * 1000),
    };
  }

  /**
   * POST …/renew-validate-email-code: a new code and link for the session's onboarding with that
   * address, when the cooldown and the address's hourly sends allow. The answer is the same
   * whether or not one went out (and for an address the session never entered).
   */
  async renew(
    email: string,
    sessionId: string,
    meta: RequestMeta,
  ): Promise<{ resendAvailableAt: string }> {
    await this.assertSendAllowed(meta, sessionId);
    const now = this.deps.clock.now();
    const row = await this.deps.repo.latestForSessionEmail(sessionId, email);
    if (!row || row.verifiedAt !== null) {
      const later = new Date(now.getTime() + VERIFICATION_RESEND_COOLDOWN_SECONDS * 1000);
      return { resendAvailableAt: later.toISOString() };
    }
    const outcome = await this.send(row, email);
    return { resendAvailableAt: outcome.resendAvailableAt.toISOString() };
  }

  /**
   * POST …/validate-email-code: the try is counted (atomically, only while the code is live)
   * before the code is compared, in constant time, with the stored keyed hash. The right code
   * verifies the onboarding, issues its owner token and starts the insights report.
   */
  async validateCode(
    input: { email: string; code: string; sessionId: string },
    meta: RequestMeta,
  ): Promise<CodeAnswer> {
    const { repo, secrets, limits, clock, authLimits } = this.deps;
    RateLimitService.assertAllowed(
      await limits.hit(`onboarding:verify:ip:${meta.ip}`, authLimits.onboardingVerifyIp),
      TOO_MANY_VALIDATIONS,
    );
    RateLimitService.assertAllowed(
      await limits.hit(
        `onboarding:verify:session:${input.sessionId}`,
        authLimits.onboardingVerifySession,
      ),
      TOO_MANY_VALIDATIONS,
    );
    const now = clock.now();
    const row = await repo.latestForSessionEmail(input.sessionId, input.email);
    // An address this session never entered answers like a wrong code.
    if (!row) return refusal('wrong-code', 0);
    const counted = await repo.countCodeAttempt(row.id, now);
    if (!counted && withheld(row, now)) {
      // A send past the address's cap made no code: answered like a wrong one, tries and all.
      const attempts = row.codeAttempts + 1;
      await repo.update(row.id, { codeAttempts: attempts });
      const left = Math.max(0, VERIFICATION_CODE_MAX_ATTEMPTS - attempts);
      return refusal(left === 0 ? 'attempts-exhausted' : 'wrong-code', left);
    }
    // Per address and session, only for tries of a live code: no other session's tries, and no
    // try of a dead or withheld code, ever hold the owner's validation up.
    if (counted)
      RateLimitService.assertAllowed(
        await limits.hit(
          `onboarding:verify:email:${input.email}:${input.sessionId}`,
          authLimits.onboardingVerifyEmail,
        ),
        TOO_MANY_VALIDATIONS,
      );
    if (!counted) {
      if (row.codeHash && row.codeAttempts >= VERIFICATION_CODE_MAX_ATTEMPTS)
        return refusal('attempts-exhausted', 0);
      return refusal('expired', Math.max(0, VERIFICATION_CODE_MAX_ATTEMPTS - row.codeAttempts));
    }
    if (!secrets.same(secrets.codeHash(row.id, input.code), counted.codeHash)) {
      const left = Math.max(0, VERIFICATION_CODE_MAX_ATTEMPTS - counted.codeAttempts);
      return refusal(left === 0 ? 'attempts-exhausted' : 'wrong-code', left);
    }
    const verified = await this.verify(
      row.id,
      and(eq(onboardings.codeHash, counted.codeHash), isNull(onboardings.verifiedAt))!,
      {},
    );
    // Another request with the same code won the race: this one's code is spent.
    if (!verified) return refusal('expired', 0);
    return {
      token: verified.token,
      onboarding: verified.onboarding,
      reason: null,
      attemptsLeft: null,
    };
  }

  /**
   * POST …/validate-email-token: the e-mailed link, once and within its 24 hours, verifies the
   * onboarding and moves it to the caller's browser session (the link proves the mailbox).
   * Anything else (unknown, used, expired) answers an empty object.
   */
  async validateLink(
    input: { token: string; sessionId: string },
    meta: RequestMeta,
  ): Promise<LinkAnswer> {
    const { repo, secrets, limits, clock, authLimits } = this.deps;
    RateLimitService.assertAllowed(
      await limits.hit(`onboarding:verify:ip:${meta.ip}`, authLimits.onboardingVerifyIp),
      TOO_MANY_VALIDATIONS,
    );
    const hash = secrets.linkHash(input.token);
    const row = await repo.byLiveLink(hash, clock.now());
    if (!row || !row.email) return {};
    const verified = await this.verify(row.id, eq(onboardings.linkHash, hash), {
      sessionId: input.sessionId,
    });
    if (!verified) return {};
    return { email: row.email, token: verified.token, onboarding: verified.onboarding };
  }

  /**
   * Marks the onboarding verified under `guard` (the code or link that proved it), spends every
   * code and link, issues a new owner token and starts the report. Null when the guard no longer
   * holds (a parallel request used the same proof). The proof is spent by then, so a report that
   * cannot be started is logged, not answered: the token still goes back, and the next read of
   * the onboarding starts the report.
   */
  private async verify(
    id: string,
    guard: SQL,
    extra: OnboardingChanges,
  ): Promise<{ token: string; onboarding: NonNullable<CodeAnswer['onboarding']> } | null> {
    const { repo, secrets, clock } = this.deps;
    const now = clock.now();
    const token = secrets.newToken();
    const row = await repo.update(
      id,
      {
        ...extra,
        verifiedAt: now,
        codeHash: null,
        codeExpiresAt: null,
        linkHash: null,
        linkExpiresAt: null,
        tokenHash: secrets.ownerHash(id, token),
        updatedAt: now,
      },
      guard,
    );
    if (!row) return null;
    try {
      // A re-verification (a report exists) makes the report again only within the onboarding's
      // daily builds; refused, the report stays as it was. The first making is counted only.
      const again = (await repo.insightsOf(row.id)) !== null;
      await this.deps.insights.countBuild(row, { enforce: again ? 'onboarding' : false });
      await this.deps.insights.start(row.id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'rate-limited')
        this.deps.log.info(
          { onboardingId: row.id },
          "Re-verified past the report's daily builds: the report stays as it was",
        );
      else
        this.deps.log.error(
          { err: error, onboardingId: row.id },
          'The insights report could not be started; the next read of the onboarding starts it',
        );
    }
    const insights = await repo.insightsOf(row.id);
    return { token, onboarding: presentOnboarding(row, insights, clock.now(), token) };
  }
}

/** The onboarding's last send was past the address's cap: no code, but one seems to be out. */
function withheld(row: OnboardingRow, now: Date): boolean {
  return (
    row.verifiedAt === null &&
    row.codeHash === null &&
    row.codeExpiresAt !== null &&
    row.codeExpiresAt > now &&
    row.codeAttempts < VERIFICATION_CODE_MAX_ATTEMPTS
  );
}

function refusal(reason: NonNullable<CodeAnswer['reason']>, attemptsLeft: number): CodeAnswer {
  return { token: null, onboarding: null, reason, attemptsLeft };
}
