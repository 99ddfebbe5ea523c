import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino, { type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import {
  EMULATOR_CLIENT,
  EMULATOR_KEYWORD_DATA,
  EMULATOR_PREFIX,
  type Config,
} from './config/config.ts';
import { createEmulator, type Emulator } from '@tubewise/emulator';
import { openDatabase, type Database } from './db/client.ts';
import { buildApp, type AppDeps, type Services } from './app.ts';
import { serializeRequest } from './http/log-redaction.ts';
import { Jobs } from './jobs/jobs.ts';
import { jobDefinitions } from './jobs/definitions.ts';
import {
  saveClockOffset,
  ShiftableClock,
  shiftableClockIn,
  systemClock,
  type Clock,
} from './lib/clock.ts';
import { withSafeResults } from './lib/safe-text.ts';
import { InvalidationBus } from './lib/invalidation-bus.ts';
import { EventsService, type EventBatchOptions } from './modules/events/index.ts';
import { MailService } from './modules/mail/index.ts';
import {
  RateLimitService,
  AuthThrottle,
  DEFAULT_AUTH_LIMITS,
  type AuthLimits,
} from './modules/rate-limit/index.ts';
import { SessionService } from './modules/sessions/index.ts';
import { UsersRepository, UsersService } from './modules/users/index.ts';
import {
  ChannelConnectService,
  ChannelCredentials,
  OAUTH_CALLBACK_PATH,
  ChannelsService,
  ChannelSearchService,
} from './modules/channels/index.ts';
import {
  DataForSeoAdapter,
  type KeywordDataProvider,
  KeywordsService,
} from './modules/keywords/index.ts';
import { SyncService } from './modules/sync/index.ts';
import {
  DraftsService,
  type KeywordFigures,
  OptimizationService,
  PublishJournal,
  PublishReconciler,
  PublishService,
  TemplatesService,
  ThumbnailsService,
} from './modules/optimization/index.ts';
import { SearchInsights } from './modules/platform-search/index.ts';
import { UnitBudget, YouTubeAdapter, type VideoPlatform } from './modules/video-platform/index.ts';
import {
  CompetitionRepository,
  CompetitionService,
  CompetitorsService,
  PublicChannelsService,
} from './modules/competition/index.ts';
import {
  AiMetadataService,
  OpenAiWriter,
  PlatformCaptions,
  type MetadataWriter,
} from './modules/ai-metadata/index.ts';
import {
  IdeasService,
  SavedIdeasService,
  ScriptsService,
  IdeaInboxService,
  ideasFromSuggestions,
} from './modules/ideas/index.ts';
import {
  DataForSeoSerpAdapter,
  MovementService,
  rankDataChangesOver,
  RankingsService,
  SerpChecksService,
  type SerpProvider,
  TrackedKeywordsService,
} from './modules/rankings/index.ts';
import { ReportingRepository, ReportingService } from './modules/reporting/index.ts';
import {
  SEARCH_CONSOLE_CALLBACK_PATH,
  SearchConsoleAdapter,
  SearchConsoleConnectService,
  SearchConsoleGrants,
  SearchConsoleRepository,
  SearchConsoleService,
  type SearchConsole,
} from './modules/search-console/index.ts';
import {
  BillingService,
  Entitlements,
  PlanCatalogue,
  StripeGateway,
  STRIPE_WEBHOOK_PATH,
  StripeWebhooks,
  TrialMails,
  type BillingGateway,
} from './modules/billing/index.ts';
import { CustomPlanService } from './modules/custom-plan/index.ts';
import {
  nextQuotaDayStart,
  ThumbnailTestRunner,
  ThumbnailTestsService,
} from './modules/labs/index.ts';
import { createOnboardingServices } from './modules/onboarding/index.ts';
import type { ChannelConnectedHook } from './lib/channel-connected.ts';
import {
  AccountDeletionService,
  AccountExportService,
  type AccountBilling,
} from './modules/account/index.ts';

/** Which parts a process runs: the HTTP app, the job worker, or both. */
export type Role = 'all' | 'web' | 'worker';

/** The built web app's directory. */
export const WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

/** Options that tests and benchmarks override. */
export interface ComposeOptions {
  role?: Role;
  logger?: Logger;
  clock?: Clock;
  /** An already-open database (tests); otherwise opened from the config. */
  database?: Database;
  /** Limits to use instead of the defaults (rules not given keep their default). */
  authLimits?: Partial<AuthLimits>;
  eventBatch?: Partial<EventBatchOptions>;
  webDist?: string;
  /** Start pg-boss (default true). */
  jobs?: boolean;
  /** The video platform (tests pass a fake or an emulator-backed adapter). */
  platform?: VideoPlatform;
  /** The keyword-data provider (tests pass a fake or an emulator-backed adapter). */
  keywordData?: KeywordDataProvider;
  /** Search Console (tests pass one that counts calls); default: the official client. */
  searchConsole?: SearchConsole;
  /**
   * The Search Console connection's own OAuth client (consent, exchange, refresh, revoke).
   * Default: SEARCH_CONSOLE_CLIENT_ID's (or the emulator's second client); none (the channels'
   * client is shared) when a test injects `platform` without this.
   */
  searchConsoleOAuth?: VideoPlatform;
  /** The search-results provider (default: DataForSEO's SERP API at KEYWORD_DATA_URL). */
  serp?: SerpProvider;
  /** /readyz answers 503 until markReady() is called (main.ts seeds the demo first). */
  startupWork?: boolean;
  /** Mount the built-in emulator when the config points at it (default true; tests opt in). */
  emulator?: boolean;
  /** Passed to buildApp: sees every route as it is registered. */
  onRoute?: AppDeps['onRoute'];
  /** The AI model (tests pass a fake); default: the configured OpenAI-compatible endpoint. */
  writer?: MetadataWriter;
  /** AI generations per channel and month instead of AI_GENERATIONS_PER_MONTH. */
  aiGenerationsPerMonth?: number;
  /** Keyword figures for optimization (tests pass a fake); default: the keyword-data module. */
  keywordFigures?: KeywordFigures;
  /** The payment provider (default: Stripe's SDK at the configured host, or the emulator). */
  billingGateway?: BillingGateway;
  /** What account deletion cancels the subscription through (default: the billing service). */
  accountBilling?: AccountBilling;
  /** Caps of an account export's archive in bytes (tests make them small). */
  exportArchive?: { maxBytes?: number; maxUncompressedBytes?: number };
}

/** A running composition: the app (unless worker-only), services and how to close it all. */
export interface Composition {
  app: FastifyInstance | null;
  /** The mounted emulator, when the config uses it. */
  emulator: Emulator | undefined;
  /** Ends the start-up phase (with `startupWork`): /readyz answers ready from now on. */
  markReady(): void;
  services: Services;
  database: Database;
  jobs: Jobs | null;
  logger: Logger;
  /** The rank-check store as of another clock (same database, provider and depth). */
  rankChecksAt(clock: Clock): SerpChecksService;
  close(): Promise<void>;
}

/** Creates the logger: JSON in production, readable lines in a terminal. */
export function createLogger(config: Config, destination?: pino.DestinationStream): Logger {
  const pretty = config.env.NODE_ENV !== 'production' && process.stdout.isTTY && !destination;
  const options: pino.LoggerOptions = {
    level: config.env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
    // Request URLs carry reset tokens and OAuth codes in their query: never log those values.
    serializers: { req: serializeRequest },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The composition root: config → database → services → jobs → app. */
export async function compose(config: Config, options: ComposeOptions = {}): Promise<Composition> {
  const role = options.role ?? 'all';
  const logger = options.logger ?? createLogger(config);
  const clock =
    options.clock ??
    ((config.platform.usesEmulator || config.keywordData.usesEmulator || config.llm.usesEmulator) &&
    config.env.NODE_ENV !== 'production'
      ? shiftableClockIn(path.join(config.dataDir, 'emulator'))
      : systemClock);
  const database =
    options.database ??
    (await openDatabase(
      config.env.DATABASE_URL
        ? { kind: 'postgres', url: config.env.DATABASE_URL }
        : { kind: 'pglite', dir: path.join(config.dataDir, 'pglite') },
    ));
  await database.migrate();
  const { db } = database;

  const mail = new MailService(db, logger, {
    smtpUrl: config.env.SMTP_URL,
    from: config.env.MAIL_FROM,
    disabled: config.mail.delivery === 'disabled',
    clock,
  });
  const bus = new InvalidationBus(database, logger);
  await bus.start();
  const sessions = new SessionService(db, config.sessionSecret, clock, bus);
  const limits = new RateLimitService(db, clock);
  const authLimits: AuthLimits = { ...DEFAULT_AUTH_LIMITS, ...options.authLimits };
  const plans = new PlanCatalogue(config.stripe.priceIds, {
    channels: config.env.TRIAL_CHANNELS,
    trackedKeywordsPerChannel: config.env.TRACKED_KEYWORDS_MAX,
    aiGenerationsPerMonth: options.aiGenerationsPerMonth ?? config.env.AI_GENERATIONS_PER_MONTH,
  });
  const entitlements = new Entitlements({ db, clock, plans });
  const billingGateway =
    options.billingGateway ??
    new StripeGateway({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      host: config.stripe.host,
      port: config.stripe.port,
      protocol: config.stripe.protocol,
    });
  const billing = new BillingService({
    db,
    gateway: billingGateway,
    plans,
    entitlements,
    clock,
    log: logger,
    publicUrl: config.publicUrl,
  });
  const stripeWebhooks = new StripeWebhooks({
    db,
    gateway: billingGateway,
    billing,
    clock,
    log: logger,
  });
  const trialMails = new TrialMails({
    db,
    mail,
    clock,
    productName: config.env.PRODUCT_NAME,
    publicUrl: config.publicUrl,
  });
  const users = new UsersService({
    trialDays: config.env.TRIAL_DAYS,
    repo: new UsersRepository(db),
    sessions,
    limits,
    throttle: new AuthThrottle(db, clock),
    mail,
    clock,
    log: logger,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    productName: config.env.PRODUCT_NAME,
    authLimits,
    bus,
  });
  const events = new EventsService(db, logger, options.eventBatch);
  // Platform text enters the product only through this wrapper (contract text rule): a title
  // with NUL or a lone surrogate is stored, shown and sent back without breaking anything.
  const platform = withSafeResults(
    options.platform ??
      new YouTubeAdapter({
        clientId: config.platform.clientId,
        clientSecret: config.platform.clientSecret,
        authUrl: config.platform.authUrl,
        tokenUrl: config.platform.tokenUrl,
        revokeUrl: config.platform.revokeUrl,
        apiRootUrl: config.platform.apiRootUrl,
      }),
  );
  const credentials = new ChannelCredentials({
    db,
    platform,
    key: config.encryptionKey,
    clock,
    log: logger,
  });
  // The onboarding's carry-over is built later (it needs tracked keywords): bound once it is.
  const afterConnect: { hook: ChannelConnectedHook | null } = { hook: null };
  const connect = new ChannelConnectService({
    db,
    platform,
    credentials,
    clock,
    log: logger,
    secret: config.sessionSecret,
    key: config.encryptionKey,
    redirectUri: `${config.publicUrl}${OAUTH_CALLBACK_PATH}`,
    gate: entitlements,
    connected: {
      onChannelConnected: async (userId, channelId) =>
        afterConnect.hook?.onChannelConnected(userId, channelId),
    },
  });
  const channels = new ChannelsService({
    db,
    credentials,
    users,
    mail,
    publicUrl: config.publicUrl,
    productName: config.env.PRODUCT_NAME,
    bus,
    limits,
    inviteLimits: { person: authLimits.invitePerson, channel: authLimits.inviteChannel },
    gate: entitlements,
  });
  const sync = new SyncService({ db, platform, credentials, clock, log: logger });
  // Without a job system (some tests), syncs run in this process as soon as they are queued.
  sync.setEnqueue(async ({ channelId, runId }) => {
    void sync.run(channelId, runId, { final: true }).catch((error: unknown) => {
      logger.error({ err: error, channelId }, `Error syncing channel: ${channelId}`);
    });
  });
  const channelSearch = new ChannelSearchService({
    db,
    platform,
    limits,
    clock,
    apiKey: config.platform.apiKey,
  });
  const publicChannels = new PublicChannelsService({
    db,
    platform,
    clock,
    apiKey: config.platform.apiKey,
    limits,
    dailyUnits: config.env.PUBLIC_DATA_DAILY_UNITS,
    lightDailyUnits: config.env.ONBOARDING_DATA_DAILY_UNITS,
    log: logger,
  });
  const keywords = new KeywordsService({
    db,
    provider: withSafeResults(
      options.keywordData ??
        new DataForSeoAdapter({
          baseUrl: config.keywordData.url,
          login: config.keywordData.login,
          password: config.keywordData.password,
          name: config.keywordData.sourceName,
        }),
    ),
    channels,
    limits,
    clock,
    ttlHours: config.keywordData.ttlHours,
    log: logger,
  });
  const keywordFigures = options.keywordFigures ?? keywords;
  // One search-results cache for optimization and ideas: a term is searched once a day.
  const insights = new SearchInsights({
    db,
    platform,
    clock,
    apiKey: config.platform.apiKey,
    log: logger,
  });
  const optimization = new OptimizationService({
    db,
    platform,
    credentials,
    keywords: keywordFigures,
    insights,
    clock,
    log: logger,
    shortsEnabled: config.env.FEATURE_SHORTS,
    bus,
    gate: entitlements,
  });
  // Videos a sync changed are scored right away, so the first list after a sync is fast.
  sync.setAfterSync((channelId) => optimization.scoreStale(channelId));
  const drafts = new DraftsService({ db, clock });
  const templates = new TemplatesService({ db, clock });
  const thumbnails = new ThumbnailsService({
    db,
    clock,
    maxBytes: config.env.THUMBNAIL_MAX_BYTES,
  });
  const publishJournal = new PublishJournal({ db, clock, log: logger });
  const publishReconciler = new PublishReconciler({
    db,
    journal: publishJournal,
    platform,
    credentials,
    clock,
    log: logger,
  });
  const publish = new PublishService({
    db,
    platform,
    credentials,
    optimization,
    thumbnails,
    journal: publishJournal,
    reconciler: publishReconciler,
    clock,
    gate: entitlements,
  });
  // Labs' thumbnail tests: swaps count against the channel's daily unit budget.
  const swapBudget = new UnitBudget({
    db,
    clock,
    dailyUnits: config.env.CHANNEL_DAILY_UNIT_BUDGET,
  });
  const thumbnailTestRunner = new ThumbnailTestRunner({
    db,
    platform,
    credentials,
    budget: swapBudget,
    clock,
    log: logger,
  });
  const thumbnailTests = new ThumbnailTestsService({
    db,
    platform,
    credentials,
    thumbnails,
    runner: thumbnailTestRunner,
    budget: swapBudget,
    dailyUnits: config.env.CHANNEL_DAILY_UNIT_BUDGET,
    clock,
    gate: entitlements,
  });
  // The editor shows a running test and refuses thumbnail changes while it runs.
  optimization.setThumbnailTests(thumbnailTests);
  const ideas = new IdeasService({
    db,
    channels,
    keywords,
    insights,
    platform,
    credentials,
    clock,
    maxSeeds: config.env.IDEA_SEEDS_MAX,
    limits,
  });
  const savedIdeas = new SavedIdeasService({
    db,
    channels,
    clock,
    figures: (phrase, languageId) => ideas.savedIdeaFigures(phrase, languageId),
  });
  const scripts = new ScriptsService({ db, ideas: savedIdeas, clock });
  const ideaInbox = new IdeaInboxService({
    db,
    channels,
    saved: savedIdeas,
    mail,
    limits,
    clock,
    log: logger,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    productName: config.env.PRODUCT_NAME,
    source: ideasFromSuggestions(ideas),
  });
  const serpProvider =
    options.serp ??
    new DataForSeoSerpAdapter({
      baseUrl: config.keywordData.url,
      login: config.keywordData.login,
      password: config.keywordData.password,
      name: config.keywordData.sourceName,
    });
  // The same store on another clock (same database, provider and depth): the demo's history.
  const rankDataChanges = rankDataChangesOver(bus);
  const rankChecksAt = (at: Clock) =>
    new SerpChecksService({
      db,
      clock: at,
      depth: config.env.RANK_CHECK_DEPTH,
      provider: serpProvider,
      changes: rankDataChanges,
      gate: entitlements,
    });
  const serpChecks = rankChecksAt(clock);
  const aiMetadata = new AiMetadataService({
    db,
    clock,
    log: logger,
    writer:
      options.writer ??
      new OpenAiWriter({
        baseUrl: config.llm.baseUrl,
        apiKey: config.llm.apiKey,
        model: config.llm.model,
      }),
    optimization,
    captions: new PlatformCaptions({
      db,
      platform,
      credentials,
      budget: new UnitBudget({ db, clock, dailyUnits: config.env.CHANNEL_DAILY_UNIT_BUDGET }),
      clock,
      log: logger,
    }),
    maxVideoMinutes: config.env.AI_MAX_VIDEO_MINUTES,
    generationsPerMonth: options.aiGenerationsPerMonth ?? config.env.AI_GENERATIONS_PER_MONTH,
    gate: entitlements,
  });
  const accountExports = new AccountExportService({
    db,
    clock,
    log: logger,
    mail,
    limits,
    publicUrl: config.publicUrl,
    productName: config.env.PRODUCT_NAME,
    archive: options.exportArchive,
  });
  const searchConsoleRepo = new SearchConsoleRepository(db);
  // Search Console's own OAuth client (a grant independent of the channels' YouTube grant),
  // unless a test injected the platform or none is configured: then the channels' is shared.
  const scClient = config.platform.searchConsoleClient;
  const searchConsoleOAuth =
    options.searchConsoleOAuth ??
    (options.platform || !scClient
      ? null
      : new YouTubeAdapter({
          clientId: scClient.id,
          clientSecret: scClient.secret,
          authUrl: config.platform.authUrl,
          tokenUrl: config.platform.tokenUrl,
          revokeUrl: config.platform.revokeUrl,
          apiRootUrl: config.platform.apiRootUrl,
        }));
  const searchConsoleGrants = new SearchConsoleGrants({
    repo: searchConsoleRepo,
    platform: searchConsoleOAuth ?? platform,
    separateGrant: searchConsoleOAuth !== null,
    key: config.encryptionKey,
    clock,
    log: logger,
  });
  const searchConsole = new SearchConsoleService({
    repo: searchConsoleRepo,
    grants: searchConsoleGrants,
    searchConsole:
      options.searchConsole ??
      new SearchConsoleAdapter({ apiRootUrl: config.platform.searchConsoleRootUrl }),
    platform,
    credentials,
    clock,
    log: logger,
  });
  const searchConsoleConnect = new SearchConsoleConnectService({
    db,
    platform: searchConsoleOAuth ?? platform,
    grants: searchConsoleGrants,
    clock,
    log: logger,
    secret: config.sessionSecret,
    key: config.encryptionKey,
    redirectUri: `${config.publicUrl}${SEARCH_CONSOLE_CALLBACK_PATH}`,
    onConnected: (userId) => searchConsole.forgetSites(userId),
  });
  const accountDeletion = new AccountDeletionService({
    db,
    users,
    sessions,
    credentials,
    personalGrants: searchConsoleGrants,
    billing: options.accountBilling ?? billing,
    mail,
    events,
    bus,
    log: logger,
    productName: config.env.PRODUCT_NAME,
  });
  const competitors = new CompetitorsService({ db, publicChannels, clock });
  const competition = new CompetitionService({
    db,
    repo: new CompetitionRepository(db),
    competitors,
    publicChannels,
    keywords,
    clock,
  });
  const trackedKeywords = new TrackedKeywordsService({
    db,
    limit: config.env.TRACKED_KEYWORDS_MAX,
    gate: entitlements,
    depth: config.env.RANK_CHECK_DEPTH,
    clock,
    changes: rankDataChanges,
    checks: serpChecks,
  });
  const onboarding = createOnboardingServices({
    db,
    mail,
    limits,
    authLimits,
    clock,
    log: logger,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    productName: config.env.PRODUCT_NAME,
    keywords,
    serpChecks,
    publicChannels,
    users,
    sessions,
    tracked: trackedKeywords,
    depth: config.env.RANK_CHECK_DEPTH,
    checksPerDay: config.env.ONBOARDING_CHECKS_PER_DAY,
    sources: { keywordData: config.keywordData.sourceName, results: serpProvider.name },
  });
  afterConnect.hook = onboarding.accounts;
  const services: Services = {
    accountExports,
    accountDeletion,
    billing,
    stripeWebhooks,
    entitlements,
    trialMails,
    aiMetadata,
    users,
    sessions,
    events,
    mail,
    channels,
    connect,
    sync,
    credentials,
    channelSearch,
    publicChannels,
    competitors,
    competition,
    keywords,
    optimization,
    drafts,
    templates,
    thumbnails,
    publish,
    ideas,
    savedIdeas,
    scripts,
    ideaInbox,
    trackedKeywords,
    serpChecks,
    rankings: new RankingsService({
      db,
      checks: serpChecks,
      depth: config.env.RANK_CHECK_DEPTH,
      changes: rankDataChanges,
    }),
    reporting: new ReportingService({
      repo: new ReportingRepository(db),
      platform,
      credentials,
      clock,
    }),
    movement: new MovementService({
      db,
      checks: serpChecks,
      depth: config.env.RANK_CHECK_DEPTH,
      clock,
    }),
    customPlan: new CustomPlanService({
      db,
      mail,
      limits,
      clock,
      salesEmail: config.env.SALES_EMAIL ?? config.env.SUPPORT_EMAIL,
      productName: config.env.PRODUCT_NAME,
    }),
    onboarding,
    searchConsole,
    searchConsoleConnect,
    thumbnailTests,
    thumbnailTestRunner,
  };

  let jobs: Jobs | null = null;
  if (options.jobs !== false) {
    jobs = new Jobs(database, logger, { worker: role !== 'web' });
    const definitions = jobDefinitions({
      mail,
      users,
      sessions,
      sync,
      connect,
      channelSearch,
      ideaInbox,
      publish,
      serpChecks: services.serpChecks,
      competitors,
      aiMetadata,
      trialMails,
      stripeWebhooks,
      accountExports,
      onboarding,
      thumbnailTestRunner,
    });
    jobs.register(...Object.values(definitions));
    await jobs.start();
    const queue = jobs;
    mail.setDeliveryScheduler(async (outboxId) => {
      await queue.send(definitions.deliverMail, { outboxId });
    });
    users.setResetScheduler(async (email) => {
      await queue.send(definitions.sendPasswordReset, { email });
    });
    sync.setEnqueue(async (payload) => {
      await queue.send(definitions.syncChannel, payload);
    });
    onboarding.insights.setEnqueue(async (insightsId) => {
      await queue.send(definitions.onboardingInsights, { insightsId });
    });
    accountExports.setEnqueue(async (exportId) => {
      await queue.send(definitions.exportAccount, { exportId });
    });
    aiMetadata.setEnqueue(async (generationId) => {
      await queue.send(definitions.generateAiMetadata, { generationId });
    });
    if (role !== 'web') {
      await jobs.startWorkers();
      // Thumbnail tests a killed process left mid-swap are reconciled now, not in 5 minutes.
      thumbnailTestRunner.start();
      // Publishes a killed process left pending are finished from what the platform shows.
      publishReconciler.start();
    }
  }

  // The emulator lives in the web process: it answers the browser's consent page and the
  // server's own API calls over loopback.
  const emulator =
    (config.platform.usesEmulator ||
      config.keywordData.usesEmulator ||
      config.llm.usesEmulator ||
      config.stripe.usesEmulator) &&
    role !== 'worker' &&
    options.emulator !== false
      ? createEmulator({
          publicUrl: `${config.publicUrl}${EMULATOR_PREFIX}`,
          dataDir: path.join(config.dataDir, 'emulator'),
          clientId: EMULATOR_CLIENT.id,
          clientSecret: EMULATOR_CLIENT.secret,
          // Search Console's own client, so its grant is independent of the channels'.
          ...(config.platform.searchConsoleClient
            ? {
                otherClients: [
                  {
                    clientId: config.platform.searchConsoleClient.id,
                    clientSecret: config.platform.searchConsoleClient.secret,
                  },
                ],
              }
            : {}),
          keywordDataLogin: EMULATOR_KEYWORD_DATA.login,
          keywordDataPassword: EMULATOR_KEYWORD_DATA.password,
          redirectUris: [
            `${config.publicUrl}${OAUTH_CALLBACK_PATH}`,
            `${config.publicUrl}${SEARCH_CONSOLE_CALLBACK_PATH}`,
          ],
          // The product's key is the one the emulator knows; any other answers keyInvalid.
          apiKeys: [config.platform.apiKey],
          // EMULATOR_IMPORT: kept in the emulator's data directory with earlier imports.
          importFiles: config.emulatorImport,
          // Stripe's part: the plans' prices, and webhooks to this server over loopback.
          ...(config.stripe.usesEmulator
            ? {
                stripe: {
                  secretKey: config.stripe.secretKey,
                  webhookSecret: config.stripe.webhookSecret,
                  webhookUrl: `http://127.0.0.1:${config.env.PORT}${STRIPE_WEBHOOK_PATH}`,
                  prices: plans.paidPlans.flatMap((plan) =>
                    (['month', 'year'] as const).map((interval) => ({
                      id: plans.priceOf(plan.id, interval),
                      productName: `${config.env.PRODUCT_NAME} ${plan.name}`,
                      unitAmount: plan.prices[interval],
                      currency: plan.currency,
                      interval,
                    })),
                  ),
                },
              }
            : {}),
          // Test switches (revoke grants, add latency) have no place in a production process.
          controlRoutes: config.env.NODE_ENV !== 'production',
          // One clock for the product and its emulator: "advance a day" moves both.
          ...(clock instanceof ShiftableClock
            ? {
                now: () => clock.now().getTime(),
                advanceClock: async (ms: number) => {
                  // Step through each crossed quota-day boundary (to just after it) and run the
                  // thumbnail tests there, so advancing 7 days makes 7 daily swaps.
                  let left = Math.max(0, ms);
                  while (left > 0) {
                    const now = clock.now().getTime();
                    const toBoundary = nextQuotaDayStart(clock.now()).getTime() + 5 * 60_000 - now;
                    const step = Math.min(left, toBoundary);
                    clock.advance(step);
                    left -= step;
                    saveClockOffset(path.join(config.dataDir, 'emulator'), clock.offsetMs);
                    if (step === toBoundary)
                      await thumbnailTestRunner.tick().catch((error: unknown) => {
                        logger.error({ err: error }, 'Thumbnail tests: a run at midnight failed');
                      });
                  }
                },
              }
            : {}),
        })
      : undefined;

  let shuttingDown = false;
  let starting = options.startupWork === true;
  const app =
    role === 'worker'
      ? null
      : await buildApp({
          config,
          db,
          services,
          logger,
          webDist: options.webDist ?? WEB_DIST,
          isShuttingDown: () => shuttingDown,
          isStarting: () => starting,
          onRoute: options.onRoute,
          emulator,
        });

  return {
    app,
    emulator,
    services,
    markReady() {
      starting = false;
    },
    database,
    jobs,
    logger,
    rankChecksAt,
    async close() {
      shuttingDown = true;
      publishReconciler.close();
      thumbnailTestRunner.close();
      if (app) await app.close();
      await events.close();
      await users.settled();
      await accountExports.settled();
      await onboarding.insights.settled();
      if (jobs) await jobs.stop();
      mail.close();
      await bus.close();
      if (!options.database) await database.close();
    },
  };
}
