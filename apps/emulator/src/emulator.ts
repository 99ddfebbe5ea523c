// createEmulator: builds the emulator's state and a Fastify plugin serving Google OAuth, the
// YouTube Data API v3, YouTube Analytics v2, Search Console (webmasters v3), thumbnail images and
// the test control endpoints;
// with options.stripe, also the Stripe API (stripeApi, for the root of a server) and Stripe's
// hosted pages (in the plugin, under {prefix}/stripe/).
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AccountDirectory } from './accounts.ts';
import { registerAnalyticsRoutes } from './analytics-routes.ts';
import type { AddChannelRequest, EmulatorControl } from './control.ts';
import { guardControlRoutes } from './control-guard.ts';
import { registerControlRoutes } from './control-routes.ts';
import { Corpus } from './corpus/corpus.ts';
import {
  addGeneratedChannel,
  generateDemoCorpus,
  type AddChannelOptions,
  type CorpusOptions,
} from './corpus/generate.ts';
import { registerDataApiRoutes, UPLOAD_BODY_LIMIT } from './data-api-routes.ts';
import { ImportedWorld } from './import/imported-world.ts';
import { importFiles } from './import/importer.ts';
import { backendError500, mediaBodyTooLarge, notFound, parseError } from './google-errors.ts';
import { KeywordModel } from './keyword-data.ts';
import {
  EMULATOR_KEYWORD_DATA_CREDENTIALS,
  KeywordDataEmulator,
  registerKeywordDataRoutes,
} from './keyword-data-routes.ts';
import { registerLlmRoutes } from './llm-routes.ts';
import { registerMediaRoutes } from './media-routes.ts';
import { registerOAuthRoutes } from './oauth-routes.ts';
import { isYouTubeScope, OAuthServer, type OAuthClient } from './oauth.ts';
import { readSnapshot, SnapshotWriter, type Snapshot } from './persistence.ts';
import { QuotaMeter } from './quota.ts';
import { SearchEngine } from './search-index.ts';
import { SearchConsoleModel } from './search-console.ts';
import { registerSearchConsoleRoutes } from './search-console-routes.ts';
import { videoThumbnails } from './resources.ts';
import { sendGoogleError, type EmulatorState, type ResolvedOptions } from './state.ts';
import { Switches } from './switches.ts';
import { DEFAULT_THUMBNAIL_MAX_BYTES, ThumbnailStore } from './thumbnails.ts';
import { registerHostedPages } from './stripe/hosted-pages.ts';
import { stripeApiPlugin } from './stripe/stripe-api-routes.ts';
import { registerStripeControlRoutes } from './stripe/stripe-control-routes.ts';
import { createStripeEmulator, type StripeEmulatorHandle } from './stripe/stripe-emulator.ts';
import type { StripeEmulatorOptions } from './stripe/stripe-options.ts';

/** Options of createEmulator. */
export interface EmulatorOptions {
  /** URL the emulator is reachable at, prefix included (thumbnail URLs, links). Default http://127.0.0.1:4010. */
  publicUrl?: string;
  /** Directory for the persisted snapshot and uploaded thumbnails; in memory only when unset. */
  dataDir?: string;
  /** OAuth client id accepted (default tubewise-emulator-client). */
  clientId?: string;
  /** OAuth client secret accepted (default tubewise-emulator-secret). */
  clientSecret?: string;
  /**
   * More OAuth clients of the same project, each with grants of its own (default: the Search
   * Console client, EMULATOR_SEARCH_CONSOLE_CLIENT).
   */
  otherClients?: readonly OAuthClient[];
  /** Clock (epoch ms); tests move it to expire tokens and cross Pacific midnight. */
  now?: () => number;
  /**
   * Moves the clock on (the control route `advance`): a host that passes `now` passes this too,
   * so its own clock moves with the emulator's. Without both, the emulator keeps its own offset.
   */
  advanceClock?: (ms: number) => void | Promise<void>;
  /** Seed of the corpus and of injected failures (default 'tubewise'). */
  seed?: string | number;
  /** Lifetime of access tokens (default 3600 s; expires_in is one less, like Google's 3599). */
  accessTokenTtlSeconds?: number;
  /** Upload limit of thumbnails.set (default 2 MB). */
  thumbnailMaxBytes?: number;
  /** Other channels generated to compete in search (default 260). */
  otherChannels?: number;
  /** When set, the only redirect URIs the authorization endpoint accepts; otherwise any http(s) URL. */
  redirectUris?: string[];
  /**
   * Trending CSV files (see import/formats.ts) imported at start into the imported world, which
   * is kept in dataDir (emulator-imports.json) and survives restarts and resets. A missing or
   * refused file throws ImportError.
   */
  importFiles?: string[];
  /** The account (e-mail) the channels of importFiles belong to; default one account per channel. */
  importAccount?: string;
  /** The API keys Data API calls may carry (default: the emulator's, tubewise-emulator-key). */
  apiKeys?: string[];
  /** App name shown on the consent page (default Tubewise). */
  appName?: string;
  /** The corpus "as of" instant (default: the start of the current UTC day, or the persisted one). */
  corpusAsOf?: number;
  /** Quota limits (defaults from quota-costs.ts). */
  quotaUnitsPerDay?: number;
  searchCallsPerDay?: number;
  /** Basic-auth login and password of the DataForSEO-compatible keyword-data API. */
  keywordDataLogin?: string;
  keywordDataPassword?: string;
  /**
   * Serve the control endpoints under {prefix}/_emulator/ (default true). They answer loopback
   * peers only, and never a page of another site; the embedded server turns them off in production.
   */
  controlRoutes?: boolean;
  /**
   * Turns on the Stripe emulator: the /v1 API in `Emulator.stripeApi` (register it at the root
   * of a server: the SDK has no base path) and the hosted Checkout, billing portal and invoice
   * pages under {prefix}/stripe/ of `plugin`. Without it no Stripe route exists.
   */
  stripe?: StripeEmulatorOptions;
}

/** A created emulator: its Fastify plugin and the handles tests use. */
export interface Emulator {
  /** Register with `app.register(emulator.plugin, { prefix: '/emulator' })`. */
  plugin: FastifyPluginAsync;
  control: EmulatorControl;
  options: ResolvedOptions;
  /** Live state (corpus, quota, oauth, switches); `corpus` is replaced by reset(). */
  state: EmulatorState;
  /** The DataForSEO-compatible keyword-data API (under {prefix}/v3/): model and call ledger. */
  keywordData: KeywordDataEmulator;
  /** Search Console (under {prefix}/webmasters/v3/): each account's properties and figures. */
  searchConsole: SearchConsoleModel;
  /**
   * The Stripe API (/v1/…) when options.stripe is set: `app.register(emulator.stripeApi)` at the
   * ROOT of a server (the stripe SDK takes host, port and protocol, but no path prefix).
   */
  stripeApi: FastifyPluginAsync | undefined;
  /** The Stripe emulator's state and test handles when options.stripe is set. */
  stripe: StripeEmulatorHandle | undefined;
  /** Writes the persistence snapshot now. */
  flush(): Promise<void>;
}

const DAY_MS = 86_400_000;
/** The second OAuth client registered by default: the product's Search Console connection. */
export const EMULATOR_SEARCH_CONSOLE_CLIENT: OAuthClient = {
  clientId: 'tubewise-emulator-search-console',
  clientSecret: 'tubewise-emulator-search-console-secret',
};
/** The API key the emulator accepts by default (the product's default YOUTUBE_API_KEY). */
export const EMULATOR_API_KEY = 'tubewise-emulator-key';

/** Creates an emulator (synchronously; the corpus itself is generated lazily). */
export function createEmulator(input: EmulatorOptions = {}): Emulator {
  // The emulator's own clock offset, used when the host gives no clock of its own.
  const ownOffset = { ms: 0 };
  const options: ResolvedOptions = {
    publicUrl: (input.publicUrl ?? 'http://127.0.0.1:4010').replace(/\/+$/, ''),
    clientId: input.clientId ?? 'tubewise-emulator-client',
    clientSecret: input.clientSecret ?? 'tubewise-emulator-secret',
    now: input.now ?? (() => Date.now() + ownOffset.ms),
    seed: String(input.seed ?? 'tubewise'),
    accessTokenTtlSeconds: input.accessTokenTtlSeconds ?? 3600,
    thumbnailMaxBytes: input.thumbnailMaxBytes ?? DEFAULT_THUMBNAIL_MAX_BYTES,
    otherChannels: input.otherChannels ?? 260,
    importFiles: input.importFiles ?? [],
    apiKeys: input.apiKeys ?? [EMULATOR_API_KEY],
    appName: input.appName ?? 'Tubewise',
  };
  if (input.dataDir) options.dataDir = input.dataDir;
  if (input.redirectUris) options.redirectUris = input.redirectUris;

  const snapshot = options.dataDir ? readSnapshot(options.dataDir) : undefined;
  const usable = snapshot && snapshot.seed === options.seed ? snapshot : undefined;
  const corpusOptions: CorpusOptions = {
    seed: options.seed,
    asOf: input.corpusAsOf ?? usable?.asOf ?? Math.floor(options.now() / DAY_MS) * DAY_MS,
    otherChannels: options.otherChannels,
  };
  const addedChannels: AddChannelOptions[] = [...(usable?.addedChannels ?? [])];
  // The imported world is data, not test state: it is read from its own file, kept by reset.
  let world = options.dataDir ? ImportedWorld.load(options.dataDir) : new ImportedWorld();
  if (options.importFiles.length > 0) {
    importFiles(world, options.importFiles, {
      ...(input.importAccount ? { account: input.importAccount } : {}),
      now: options.now,
    });
    if (options.dataDir) world.save(options.dataDir);
  }
  const accounts = new AccountDirectory(() => world.accounts);

  let writer: SnapshotWriter | undefined;
  const persist = () => writer?.schedule();

  function buildCorpus(edits: Record<string, Snapshot['videoEdits'][string]>): Corpus {
    const corpus = new Corpus();
    for (const [id, edit] of Object.entries(edits)) corpus.edits.set(id, edit);
    generateDemoCorpus(corpusOptions, corpus);
    for (const added of addedChannels) addGeneratedChannel(corpus, corpusOptions, added);
    world.applyTo(corpus);
    return corpus;
  }

  const corpus = buildCorpus(usable?.videoEdits ?? {});
  const quota = new QuotaMeter({
    now: options.now,
    unitsPerDay: input.quotaUnitsPerDay,
    searchCallsPerDay: input.searchCallsPerDay,
  });
  const oauth = new OAuthServer({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    otherClients: input.otherClients ?? [EMULATOR_SEARCH_CONSOLE_CLIENT],
    now: options.now,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    accounts,
  });
  const thumbnails = new ThumbnailStore(options.dataDir);
  if (usable) {
    quota.restore(usable.quota ?? []);
    oauth.restore(usable.oauth);
    thumbnails.restore(usable.thumbnails ?? {});
  }
  const state: EmulatorState = {
    options,
    corpusOptions,
    corpus,
    search: new SearchEngine(corpus),
    accounts,
    quota,
    oauth,
    switches: new Switches(options.seed),
    thumbnails,
    persist,
  };

  if (options.dataDir) {
    writer = new SnapshotWriter(options.dataDir, () => ({
      version: 1,
      seed: options.seed,
      asOf: corpusOptions.asOf,
      videoEdits: Object.fromEntries(state.corpus.edits),
      thumbnails: state.thumbnails.snapshot(),
      oauth: state.oauth.snapshot(),
      quota: state.quota.snapshot(),
      addedChannels,
    }));
    quota.onChange = persist;
    oauth.onChange = persist;
  }

  const keywordData = new KeywordDataEmulator({
    model: new KeywordModel(
      () => state.corpus,
      options.seed,
      () => corpusOptions.asOf,
    ),
    credentials: {
      login: input.keywordDataLogin ?? EMULATOR_KEYWORD_DATA_CREDENTIALS.login,
      password: input.keywordDataPassword ?? EMULATOR_KEYWORD_DATA_CREDENTIALS.password,
    },
    switches: () => state.switches,
    now: options.now,
    seed: options.seed,
    serp: (query) => {
      const hits = state.search.search({
        q: query.keyword,
        type: 'video',
        order: 'relevance',
        regionCode: query.country,
        relevanceLanguage: query.languageCode,
      });
      const context = {
        publicUrl: options.publicUrl,
        corpus: state.corpus,
        customThumbnailSizes: (videoId: string) => state.thumbnails.sizes(videoId),
      };
      const videos = hits.slice(0, query.depth).flatMap(({ id }) => {
        const video = state.corpus.getVideo(id);
        if (!video) return [];
        const thumbnails = videoThumbnails(context, video, ['high']) as {
          high?: { url: string };
        };
        return [
          {
            videoId: video.id,
            title: video.title,
            description: video.description,
            channelId: video.channelId,
            channelName: state.corpus.getChannel(video.channelId)?.title ?? '',
            viewCount: video.viewCount,
            publishedAt: video.publishedAt,
            durationSeconds: video.durationSeconds,
            thumbnailUrl: thumbnails.high?.url ?? '',
          },
        ];
      });
      return { total: hits.length, videos };
    },
  });

  const searchConsole = new SearchConsoleModel(options.seed);

  const stripe = input.stripe
    ? createStripeEmulator(input.stripe, {
        now: options.now,
        publicUrl: options.publicUrl,
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      })
    : undefined;

  const ownerId = (owner?: string) => (owner ? (oauth.account(owner)?.id ?? owner) : undefined);

  const control: EmulatorControl = {
    quotaLedger: () => quota.ledger(),
    advanceClock: async (ms) => {
      // The host may run its own work at each day it crosses (thumbnail tests swap at midnight).
      if (input.advanceClock) await input.advanceClock(ms);
      else ownOffset.ms += ms;
      // Renewals, trial ends and expiries due by the new time happen now, in time order.
      stripe?.tick();
      return new Date(options.now()).toISOString();
    },
    setLatency: (ms) => {
      state.switches.latencyMs = Math.max(0, ms);
    },
    setMethodLatency: (method, ms, phase) => state.switches.setMethodLatency(method, ms, phase),
    setFailureRate: (rate, seed) => state.switches.setFailureRate(rate, seed),
    setChatFailures: (kind, count) => state.switches.setChatFailures(kind, count),
    setQuotaExhausted: (on) => {
      quota.forcedExhausted = on;
    },
    revokeRefreshToken: (token) => oauth.revokeRefreshToken(token),
    forgetGrantedScopes: () => oauth.forgetGrantedScopes(),
    revokeAccount: (idOrEmail) => oauth.revokeAccount(idOrEmail),
    setChannelForbidden: (channelId, forbidden) => {
      if (forbidden) state.switches.forbiddenChannels.add(channelId);
      else state.switches.forbiddenChannels.delete(channelId);
    },
    addChannel: (request: AddChannelRequest) => {
      const add: AddChannelOptions = { videoCount: request.videoCount };
      if (request.id) add.id = request.id;
      if (request.title) add.title = request.title;
      if (request.niche) add.niche = request.niche;
      const owner = ownerId(request.owner);
      if (owner) add.ownerAccountId = owner;
      const channel = addGeneratedChannel(state.corpus, corpusOptions, add);
      addedChannels.push(add);
      persist();
      return channel;
    },
    approveConsent: (authUrl, account, channelId) => {
      const url = new URL(authUrl);
      const params = url.searchParams;
      const principal = oauth.account(account);
      if (!principal) throw new Error(`Unknown demo account ${account}`);
      const redirectUri = params.get('redirect_uri');
      if (!redirectUri) throw new Error('The consent URL has no redirect_uri');
      const scopes = (params.get('scope') ?? '').split(/\s+/).filter(Boolean);
      // A channel is bound only when YouTube access is asked for (as the consent page does).
      const owned = scopes.some(isYouTubeScope)
        ? state.corpus.channelsOwnedBy(principal.id).map((c) => c.id)
        : [];
      const channel = channelId ?? owned[0];
      if (channel && !owned.includes(channel))
        throw new Error(`${account} does not own ${channel}`);
      const codeChallenge = params.get('code_challenge');
      const code = oauth.issueCode({
        clientId: params.get('client_id') ?? '',
        redirectUri,
        accountId: principal.id,
        ...(channel ? { channelId: channel } : {}),
        scopes,
        ...(codeChallenge ? { codeChallenge } : {}),
        offline: params.get('access_type') === 'offline',
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('scope', scopes.join(' '));
      const stateParam = params.get('state');
      if (stateParam) back.searchParams.set('state', stateParam);
      return back.toString();
    },
    importFiles: (paths, account) => {
      const summary = importFiles(world, paths, {
        ...(account ? { account } : {}),
        now: options.now,
      });
      if (options.dataDir) world.save(options.dataDir);
      // Rebuilt with the users' edits kept, so updated figures of known videos show too.
      state.corpus = buildCorpus(Object.fromEntries(state.corpus.edits));
      state.search = new SearchEngine(state.corpus);
      persist();
      return summary;
    },
    reset: () => {
      state.switches.reset();
      quota.reset();
      oauth.reset();
      thumbnails.reset();
      keywordData.reset();
      stripe?.reset();
      addedChannels.length = 0;
      // Imports made meanwhile by the command line (into dataDir) join the world here.
      if (options.dataDir) world = ImportedWorld.load(options.dataDir);
      state.corpus = buildCorpus({});
      state.search = new SearchEngine(state.corpus);
      persist();
    },
    state: () => ({
      switches: { ...state.switches.state(), quotaExhausted: quota.forcedExhausted },
      accounts: (() => {
        const owned = new Map<string, { id: string; title: string }[]>();
        for (const c of state.corpus.channels.values()) {
          if (!c.ownerAccountId) continue;
          const list = owned.get(c.ownerAccountId) ?? [];
          list.push({ id: c.id, title: c.title });
          owned.set(c.ownerAccountId, list);
        }
        return accounts.all().map((a) => ({ ...a, channels: owned.get(a.id) ?? [] }));
      })(),
      channels: state.corpus.channels.size,
      generatedVideos: state.corpus.generatedVideoCount,
    }),
  };

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    await app.register(formbody);
    // Uploads arrive as raw images (uploadType=media) or multipart/related (uploadType=multipart).
    app.addContentTypeParser(
      ['image/jpeg', 'image/png', 'application/octet-stream', 'multipart/related'],
      { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return sendGoogleError(reply, mediaBodyTooLarge(state.options.thumbnailMaxBytes));
      if (error.statusCode === 400 || error.code?.startsWith('FST_ERR_CTP'))
        return sendGoogleError(reply, parseError());
      app.log.error(error);
      return sendGoogleError(reply, backendError500());
    });
    app.setNotFoundHandler((_request, reply) => sendGoogleError(reply, notFound()));
    registerOAuthRoutes(app, state);
    registerDataApiRoutes(app, state);
    registerAnalyticsRoutes(app, state);
    registerSearchConsoleRoutes(app, state, searchConsole);
    registerMediaRoutes(app, state);
    if (input.controlRoutes !== false) {
      // Their own scope, so the guard covers every control route and nothing else.
      await app.register(async (scope) => {
        guardControlRoutes(scope, { ownOrigin: new URL(options.publicUrl).origin });
        registerControlRoutes(scope, control);
        if (stripe) registerStripeControlRoutes(scope, stripe);
      });
    }
    registerKeywordDataRoutes(app, keywordData);
    // The OpenAI-compatible API: its own scope, for OpenAI's error and not-found bodies.
    await app.register(async (scope) => registerLlmRoutes(scope, state), { prefix: '/v1' });
    if (stripe) {
      // Stripe's hosted pages: a scope of their own (the clock hook, the cross-site form check).
      await app.register(async (scope) =>
        registerHostedPages(scope, stripe, {
          appName: options.appName,
          publicUrl: options.publicUrl,
        }),
      );
      app.addHook('onReady', async () => stripe.start());
      app.addHook('onClose', async () => stripe.stop());
    }
    app.addHook('onClose', async () => writer?.flush());
  };

  return {
    plugin,
    control,
    options,
    state,
    keywordData,
    searchConsole,
    stripeApi: stripe ? stripeApiPlugin(stripe) : undefined,
    stripe,
    flush: async () => {
      await writer?.flush();
      await stripe?.flush();
    },
  };
}
