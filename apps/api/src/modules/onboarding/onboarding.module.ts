// The onboarding module's services wired together (the composition root calls this once).
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PublicChannelsService } from '../competition/index.ts';
import type { KeywordsService } from '../keywords/index.ts';
import type { MailService } from '../mail/index.ts';
import type { SerpChecksService, TrackedKeywordsService } from '../rankings/index.ts';
import type { AuthLimits, RateLimitService } from '../rate-limit/index.ts';
import type { SessionService } from '../sessions/index.ts';
import type { UsersService } from '../users/index.ts';
import { InsightsService } from './insights.service.ts';
import { OnboardingAccounts } from './onboarding-account.service.ts';
import { OnboardingRepository } from './onboarding.repository.ts';
import { OnboardingSecrets } from './onboarding-secrets.ts';
import { OnboardingService } from './onboarding.service.ts';
import { VerificationService } from './verification.service.ts';

/** The onboarding's services. */
export interface OnboardingServices {
  onboarding: OnboardingService;
  verification: VerificationService;
  accounts: OnboardingAccounts;
  insights: InsightsService;
}

/** Builds the onboarding's services over one repository and one set of secrets. */
export function createOnboardingServices(deps: {
  db: Db;
  mail: MailService;
  limits: RateLimitService;
  authLimits: AuthLimits;
  clock: Clock;
  log: Logger;
  /** SESSION_SECRET: the key of the codes' and tokens' hashes is derived from it. */
  secret: string;
  publicUrl: string;
  productName: string;
  keywords: KeywordsService;
  serpChecks: SerpChecksService;
  publicChannels: PublicChannelsService;
  users: UsersService;
  sessions: SessionService;
  tracked: TrackedKeywordsService;
  /** RANK_CHECK_DEPTH. */
  depth: number;
  /** ONBOARDING_CHECKS_PER_DAY: live result checks reports may start per UTC day. */
  checksPerDay: number;
  /** The keyword-data and search-results providers' names. */
  sources: { keywordData: string; results: string };
}): OnboardingServices {
  const { db, limits, authLimits, clock, log } = deps;
  const repo = new OnboardingRepository(db);
  const secrets = new OnboardingSecrets(deps.secret);
  const insights = new InsightsService({
    db,
    repo,
    secrets,
    keywords: deps.keywords,
    serpChecks: deps.serpChecks,
    publicChannels: deps.publicChannels,
    limits,
    authLimits,
    clock,
    log,
    depth: deps.depth,
    checksPerDay: deps.checksPerDay,
    sources: deps.sources,
  });
  const verification = new VerificationService({
    repo,
    secrets,
    mail: deps.mail,
    limits,
    clock,
    log,
    authLimits,
    publicUrl: deps.publicUrl,
    productName: deps.productName,
    insights,
  });
  const onboarding = new OnboardingService({
    repo,
    secrets,
    verification,
    insights,
    publicChannels: deps.publicChannels,
    limits,
    authLimits,
    clock,
    log,
  });
  const accounts = new OnboardingAccounts({
    db,
    repo,
    secrets,
    users: deps.users,
    sessions: deps.sessions,
    tracked: deps.tracked,
    publicChannels: deps.publicChannels,
    limits,
    authLimits,
    clock,
    log,
  });
  return { onboarding, verification, accounts, insights };
}
