import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import type { PublicConfig } from '@tubewise/contract';
import { EMULATOR_PREFIX, type Config } from './config/config.ts';
import type { Emulator } from '@tubewise/emulator';
import type { Db } from './db/client.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerProxyWarning } from './http/proxy-warning.ts';
import { sessionResolver } from './http/session-cookies.ts';
import { registerSystemRoutes } from './http/system.routes.ts';
import { answerFrameworkError, MAX_PARAM_LENGTH, registerTextGuard } from './http/input-guard.ts';
import { type EventsService, registerEventRoutes } from './modules/events/index.ts';
import {
  type ChannelConnectService,
  type ChannelCredentials,
  ChannelGuard,
  registerChannelRoutes,
  type ChannelsService,
  type ChannelSearchService,
} from './modules/channels/index.ts';
import { type SyncService, registerSyncRoutes } from './modules/sync/index.ts';
import { type MailService, registerMailboxRoutes } from './modules/mail/index.ts';
import type { SessionService } from './modules/sessions/index.ts';
import { type UsersService, registerUserRoutes } from './modules/users/index.ts';
import { registerKeywordRoutes, type KeywordsService } from './modules/keywords/index.ts';
import {
  type DraftsService,
  type OptimizationService,
  registerOptimizationRoutes,
  type PublishService,
  type TemplatesService,
  type ThumbnailsService,
} from './modules/optimization/index.ts';
import {
  type IdeasService,
  registerIdeaRoutes,
  type SavedIdeasService,
  type ScriptsService,
  type IdeaInboxService,
  registerSavedIdeaRoutes,
  registerIdeaInboxRoutes,
} from './modules/ideas/index.ts';
import {
  registerRankingRoutes,
  type MovementService,
  type RankingsService,
  type SerpChecksService,
  type TrackedKeywordsService,
} from './modules/rankings/index.ts';
import { registerReportingRoutes, type ReportingService } from './modules/reporting/index.ts';
import {
  registerSearchConsoleRoutes,
  type SearchConsoleConnectService,
  type SearchConsoleService,
} from './modules/search-console/index.ts';
import {
  registerLabsRoutes,
  type ThumbnailTestRunner,
  type ThumbnailTestsService,
} from './modules/labs/index.ts';
import { registerAiMetadataRoutes, type AiMetadataService } from './modules/ai-metadata/index.ts';
import {
  registerBillingRoutes,
  type BillingService,
  type Entitlements,
  type StripeWebhooks,
  type TrialMails,
} from './modules/billing/index.ts';
import { registerCustomPlanRoutes, type CustomPlanService } from './modules/custom-plan/index.ts';
import { registerOnboardingRoutes, type OnboardingServices } from './modules/onboarding/index.ts';
import {
  registerCompetitionRoutes,
  type CompetitionService,
  type CompetitorsService,
  type PublicChannelsService,
} from './modules/competition/index.ts';
import {
  type AccountDeletionService,
  type AccountExportService,
  registerAccountRoutes,
} from './modules/account/index.ts';

/** The services the HTTP layer calls. */
export interface Services {
  users: UsersService;
  sessions: SessionService;
  events: EventsService;
  mail: MailService;
  channels: ChannelsService;
  connect: ChannelConnectService;
  sync: SyncService;
  credentials: ChannelCredentials;
  channelSearch: ChannelSearchService;
  publicChannels: PublicChannelsService;
  competitors: CompetitorsService;
  competition: CompetitionService;
  keywords: KeywordsService;
  optimization: OptimizationService;
  drafts: DraftsService;
  templates: TemplatesService;
  thumbnails: ThumbnailsService;
  publish: PublishService;
  ideas: IdeasService;
  savedIdeas: SavedIdeasService;
  scripts: ScriptsService;
  ideaInbox: IdeaInboxService;
  trackedKeywords: TrackedKeywordsService;
  serpChecks: SerpChecksService;
  rankings: RankingsService;
  movement: MovementService;
  reporting: ReportingService;
  aiMetadata: AiMetadataService;
  customPlan: CustomPlanService;
  accountExports: AccountExportService;
  accountDeletion: AccountDeletionService;
  billing: BillingService;
  stripeWebhooks: StripeWebhooks;
  entitlements: Entitlements;
  trialMails: TrialMails;
  onboarding: OnboardingServices;
  searchConsole: SearchConsoleService;
  searchConsoleConnect: SearchConsoleConnectService;
  thumbnailTests: ThumbnailTestsService;
  thumbnailTestRunner: ThumbnailTestRunner;
}

/** Everything buildApp needs; tests pass the same things compose() builds. */
export interface AppDeps {
  config: Config;
  db: Db;
  services: Services;
  logger: Logger;
  /** Directory of the built web app; served with index.html fallback when it exists. */
  webDist?: string;
  /** Tells /readyz that the process is draining. */
  isShuttingDown?: () => boolean;
  /** Tells /readyz that start-up work (e.g. demo seeding) is still running. */
  isStarting?: () => boolean;
  /** Called for every route as it is registered (the security suite enumerates them). */
  onRoute?: (route: RouteOptions) => void;
  /** The built-in video-platform emulator, mounted at EMULATOR_PREFIX when the config uses it. */
  emulator?: Emulator;
}

/** Where the emulator's Stripe API answers (the SDK cannot add a path prefix). */
const STRIPE_EMULATOR_PREFIX = '/v1/';

/** Prefixes that are API calls: never answered with the web app's index.html. */
const API_PREFIXES = [
  '/api/',
  '/accounts/',
  // Only the channel calls: /optimization/<anything else> is a page of the web app.
  '/optimization/channels/',
  '/optimization/thumbnails/',
  '/yt/',
  '/dev/',
  '/oauth/',
  `${EMULATOR_PREFIX}/`,
  STRIPE_EMULATOR_PREFIX,
];

/** Files of the web build that are not served (dotfiles such as .vite/ never are). */
const NOT_SERVED_FROM_WEB_DIST = ['bundle-report.json'];

/** Builds the Fastify app: plugins, error envelope, every route. Does not listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, services } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    // Trust proxies on private networks only: X-Forwarded-For is read from the right and the
    // first public address is the client. `true` took the left-most entry, which the client
    // writes itself, so it could pick a fresh address for every rate-limited attempt.
    trustProxy: config.env.TRUST_PROXY ? 'loopback, linklocal, uniquelocal' : false,
    bodyLimit: 1024 * 1024,
    // Malformed URLs and over-long path parameters answer with the error envelope (400).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  registerProxyWarning(app, {
    localhost: !config.secureCookies,
    trustProxy: config.env.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // An empty JSON body (a bare POST) parses as {} instead of failing.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, {});
    defaultJsonParser(request, body as string, done);
  });

  registerErrorHandler(app, {
    spaIndex:
      deps.webDist && existsSync(path.join(deps.webDist, 'index.html')) ? 'index.html' : undefined,
    apiPrefixes: API_PREFIXES,
  });
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies,
  });
  // The emulator stands in for Google's servers: it takes forms and uploads, not our JSON rule,
  // but a page of another site must not post to it (its control routes change the grants).
  registerOriginCheck(app, new Set([new URL(config.publicUrl).origin]), {
    anyContentTypePrefixes: [`${EMULATOR_PREFIX}/`, STRIPE_EMULATOR_PREFIX],
  });
  // No route ever sees a NUL, another control character or a lone surrogate (contract text rule).
  registerTextGuard(app, { skipPrefixes: [`${EMULATOR_PREFIX}/`, STRIPE_EMULATOR_PREFIX] });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.env.PRODUCT_NAME} API`, version: '1.0.0' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'tw_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const resolveSession = sessionResolver(services.sessions);
  // Channel-scoped routes check the channel their contract entry declares through this guard.
  app.decorate('channelGuard', new ChannelGuard({ db: deps.db, channels: services.channels }));
  const publicConfig: PublicConfig = {
    productName: config.env.PRODUCT_NAME,
    supportEmail: config.env.SUPPORT_EMAIL,
    onlyV2: config.env.ONLY_V2,
    features: {
      newOptimizePage: config.env.FEATURE_NEW_OPTIMIZE_PAGE,
      shorts: config.env.FEATURE_SHORTS,
      httpRetry: config.env.FEATURE_HTTP_RETRY,
    },
    devMailbox: config.mail.mailbox !== 'off',
    limits: {
      ideaSeedsMax: config.env.IDEA_SEEDS_MAX,
      thumbnailMaxBytes: config.env.THUMBNAIL_MAX_BYTES,
    },
  };
  registerSystemRoutes(app, {
    db: deps.db,
    publicConfig,
    resolveSession,
    isShuttingDown: deps.isShuttingDown ?? (() => false),
    isStarting: deps.isStarting ?? (() => false),
  });
  registerUserRoutes(app, {
    users: services.users,
    sessions: services.sessions,
    resolveSession,
    secureCookies: config.secureCookies,
  });
  registerEventRoutes(app, { events: services.events, resolveSession });
  registerChannelRoutes(app, {
    channels: services.channels,
    connect: services.connect,
    search: services.channelSearch,
    resolveSession,
  });
  registerSyncRoutes(app, { sync: services.sync, resolveSession });
  registerOptimizationRoutes(app, {
    channels: services.channels,
    optimization: services.optimization,
    drafts: services.drafts,
    templates: services.templates,
    thumbnails: services.thumbnails,
    publish: services.publish,
    resolveSession,
  });
  registerKeywordRoutes(app, { keywords: services.keywords, resolveSession });
  registerIdeaRoutes(app, { ideas: services.ideas, resolveSession });
  registerSavedIdeaRoutes(app, {
    savedIdeas: services.savedIdeas,
    scripts: services.scripts,
    resolveSession,
  });
  registerIdeaInboxRoutes(app, { inbox: services.ideaInbox, resolveSession });
  registerRankingRoutes(app, {
    tracked: services.trackedKeywords,
    rankings: services.rankings,
    checks: services.serpChecks,
    movement: services.movement,
    resolveSession,
  });
  registerReportingRoutes(app, { reporting: services.reporting, resolveSession });
  registerSearchConsoleRoutes(app, {
    searchConsole: services.searchConsole,
    connect: services.searchConsoleConnect,
    resolveSession,
  });
  registerLabsRoutes(app, { thumbnailTests: services.thumbnailTests, resolveSession });
  registerCompetitionRoutes(app, {
    competitors: services.competitors,
    competition: services.competition,
    resolveSession,
  });
  registerAiMetadataRoutes(app, { ai: services.aiMetadata, resolveSession });
  registerBillingRoutes(app, {
    billing: services.billing,
    webhooks: services.stripeWebhooks,
    resolveSession,
  });
  registerCustomPlanRoutes(app, { customPlan: services.customPlan, resolveSession });
  registerOnboardingRoutes(app, {
    ...services.onboarding,
    resolveSession,
    secureCookies: config.secureCookies,
    knownDeviceExpiry: () => services.users.knownDeviceExpiry(),
  });
  registerAccountRoutes(app, {
    exports: services.accountExports,
    deletion: services.accountDeletion,
    resolveSession,
    secureCookies: config.secureCookies,
  });
  if (config.mail.mailbox !== 'off') {
    registerMailboxRoutes(app, {
      mail: services.mail,
      access: config.mail.mailbox,
      resolveSession,
      publicHost: new URL(config.publicUrl).hostname,
    });
  }
  if (deps.emulator) await app.register(deps.emulator.plugin, { prefix: EMULATOR_PREFIX });
  // Stripe's SDK takes a host and port but no path: the emulator's Stripe API sits at /v1.
  if (deps.emulator?.stripeApi) await app.register(deps.emulator.stripeApi);

  if (deps.webDist && existsSync(deps.webDist)) {
    await app.register(fastifyStatic, {
      root: deps.webDist,
      wildcard: false,
      index: false,
      // Build reports are read from disk (bench/); the public gets the app, not its build data.
      // The .br/.gz copies get no routes of their own: they answer for the original's URL.
      globIgnore: [...NOT_SERVED_FROM_WEB_DIST, '**/*.br', '**/*.gz'],
      // The web build writes brotli and gzip copies; send the one Accept-Encoding allows.
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  return app;
}
