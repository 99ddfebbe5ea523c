import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TRACKED_KEYWORDS_MAX } from '@tubewise/contract/reporting-constants';
import {
  DEFAULT_AI_GENERATIONS_PER_MONTH,
  DEFAULT_AI_MAX_VIDEO_MINUTES,
} from '@tubewise/contract/ai-constants';
import {
  BILLING_INTERVALS,
  DEFAULT_TRIAL_DAYS,
  PAID_PLAN_IDS,
  PAID_PLANS,
  TRIAL_LIMITS,
  type BillingInterval,
  type PaidPlanId,
} from '@tubewise/contract/billing-constants';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
/** A switch that may be left unset (undefined) to get a default that depends on other settings. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) =>
    v === undefined || v === '' ? undefined : v === 'true' || v === '1' || v === 'yes',
  );
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const hexKey = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
);

/** The environment schema: every setting the server reads, with its default. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  SESSION_SECRET: optionalString,
  ENCRYPTION_KEY: hexKey,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  SEARCH_CONSOLE_CLIENT_ID: optionalString,
  SEARCH_CONSOLE_CLIENT_SECRET: optionalString,
  GOOGLE_OAUTH_AUTH_URL: optionalUrl,
  GOOGLE_OAUTH_TOKEN_URL: optionalUrl,
  GOOGLE_OAUTH_REVOKE_URL: optionalUrl,
  YOUTUBE_API_ROOT_URL: optionalUrl,
  SEARCH_CONSOLE_API_ROOT_URL: optionalUrl,
  YOUTUBE_API_KEY: optionalString,
  KEYWORD_DATA_URL: optionalUrl,
  /** Trending CSV files (comma-separated) the built-in emulator imports at start. */
  EMULATOR_IMPORT: optionalString,
  KEYWORD_DATA_LOGIN: optionalString,
  KEYWORD_DATA_PASSWORD: optionalString,
  KEYWORD_DATA_TTL_HOURS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(8760).default(168),
  ),
  THUMBNAIL_MAX_BYTES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(100_000)
      .max(50 * 1024 * 1024)
      .default(2 * 1024 * 1024),
  ),
  IDEA_SEEDS_MAX: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(100).default(10),
  ),
  RANK_CHECK_DEPTH: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(10).max(700).default(50),
  ),
  TRACKED_KEYWORDS_MAX: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(100_000).default(DEFAULT_TRACKED_KEYWORDS_MAX),
  ),
  /** Any OpenAI-compatible endpoint (OpenAI, Azure, Ollama, vLLM); unset: the built-in emulator. */
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  AI_MAX_VIDEO_MINUTES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(DEFAULT_AI_MAX_VIDEO_MINUTES),
  ),
  AI_GENERATIONS_PER_MONTH: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(100_000).default(DEFAULT_AI_GENERATIONS_PER_MONTH),
  ),
  /**
   * Platform quota units a channel's optional work (captions for AI, thumbnail test swaps of 50
   * units each) may spend per quota day,
   * of the installation's shared daily allocation (10,000 by default at Google).
   */
  CHANNEL_DAILY_UNIT_BUDGET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(10_000_000).default(1000),
  ),
  /**
   * Platform quota units the product's API key may spend per quota day on public channel data
   * (competitors, onboarding reports): channels.list, playlistItems.list and videos.list.
   */
  PUBLIC_DATA_DAILY_UNITS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(10_000_000).default(2000),
  ),
  /**
   * Platform quota units anonymous visitors' onboardings may spend per quota day, on a budget of
   * their own apart from PUBLIC_DATA_DAILY_UNITS (keyword suggestions and reports read each
   * chosen channel lightly: channels.list, one uploads page and its videos.list), so visitors
   * never use up the paying users' units.
   */
  ONBOARDING_DATA_DAILY_UNITS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(10_000_000).default(500),
  ),
  /**
   * Live search-result checks the public onboarding's reports may start per UTC day, for the
   * whole installation (each may cost a paid provider call); past it a report shows a keyword's
   * latest stored results, or none.
   */
  ONBOARDING_CHECKS_PER_DAY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(1_000_000).default(500),
  ),
  /** Days of free trial a new account gets (no card). */
  TRIAL_DAYS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(365).default(DEFAULT_TRIAL_DAYS),
  ),
  /** Channels a trial account may connect (paid plans set their own). */
  TRIAL_CHANNELS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(100).default(TRIAL_LIMITS.channels),
  ),
  /** Stripe's secret key; unset: the built-in emulator's Stripe answers (embedded default). */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another Stripe-compatible API (e.g. stripe-mock); default https://api.stripe.com. */
  STRIPE_API_URL: optionalUrl,
  /** The plans' Stripe prices: `creator.month=price_…,creator.year=price_…,…` (default: the emulator's). */
  STRIPE_PRICE_IDS: optionalString,
  /** Where custom-plan requests are e-mailed (default SUPPORT_EMAIL). */
  SALES_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Tubewise <no-reply@tubewise.local>'),
  MAIL_DISABLED: bool,
  DEV_MAILBOX: optionalBool,
  ONLY_V2: bool,
  SUPPORT_EMAIL: z.email().default('support@tubewise.local'),
  PRODUCT_NAME: z.string().min(1).default('Tubewise'),
  DEMO_USER_EMAIL: z.email().default('demo@tubewise.local'),
  DEMO_USER_PASSWORD: z.string().min(8).default('tubewise-demo'),
  DEMO_CONNECTED_CHANNELS: z.coerce.number().int().min(0).max(8).default(1),
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FEATURE_NEW_OPTIMIZE_PAGE: bool,
  FEATURE_SHORTS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
  FEATURE_HTTP_RETRY: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
});

/** The parsed environment. */
export type Env = z.infer<typeof envSchema>;

/** Server configuration derived once from the environment. */
export interface Config {
  env: Env;
  /** True when no DATABASE_URL is set: PGlite under DATA_DIR. */
  embedded: boolean;
  /** Absolute data directory. */
  dataDir: string;
  /** Public origin of the app, e.g. http://localhost:3000. */
  publicUrl: string;
  /** Whether cookies get the Secure attribute (anything but localhost). */
  secureCookies: boolean;
  sessionSecret: string;
  /** 32-byte key for AES-256-GCM encryption of platform tokens. */
  encryptionKey: Buffer;
  /** Where the video platform is: Google's endpoints, or the built-in emulator for unset URLs. */
  platform: PlatformConfig;
  /** The keyword-data provider (DataForSEO's wire format), or the built-in emulator. */
  keywordData: KeywordDataConfig;
  /** How e-mail leaves the product, and who may read undelivered mail in the browser. */
  mail: MailConfig;
  /** The AI model: any OpenAI-compatible endpoint, or the built-in emulator's. */
  llm: LlmConfig;
  /** EMULATOR_IMPORT: absolute paths of the CSV files the built-in emulator imports at start. */
  emulatorImport: string[];
  /** Payments: Stripe, or the built-in emulator's Stripe. */
  stripe: StripeConfig;
}

/** Where Stripe is and which prices the plans have there. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The SDK's host/port/protocol options (it has no base path: the API is at /v1 of the host). */
  host: string;
  port: number;
  protocol: 'http' | 'https';
  /** Stripe price id of each paid plan and interval. */
  priceIds: Record<PaidPlanId, Record<BillingInterval, string>>;
  /** Whether this is the built-in emulator (then the server mounts its API at /v1). */
  usesEmulator: boolean;
}

/** The key and signing secret of the built-in emulator's Stripe (test mode, not secrets). */
export const EMULATOR_STRIPE = {
  secretKey: 'sk_test_tubewise_emulator',
  webhookSecret: 'whsec_tubewise_emulator',
} as const;

/**
 * How e-mail is handled. `smtp`: delivered (SMTP_URL). `outbox`: written to the outbox and never
 * delivered (development without SMTP). `disabled`: neither written nor sent (MAIL_DISABLED).
 */
export type MailDelivery = 'smtp' | 'outbox' | 'disabled';

/**
 * Who may read the dev mailbox (/dev/mailbox). `off`: the routes do not exist. `signed-in`: the
 * embedded default; a signed-in person on this machine. `loopback`: DEV_MAILBOX=true; anyone on
 * this machine, signed in or not (the e2e journeys read links as the signed-out recipient).
 */
export type DevMailboxAccess = 'off' | 'signed-in' | 'loopback';

/** E-mail settings derived from SMTP_URL, MAIL_DISABLED, DEV_MAILBOX, NODE_ENV and the database. */
export interface MailConfig {
  delivery: MailDelivery;
  mailbox: DevMailboxAccess;
}

/** The keyword-data provider: DataForSEO or anything speaking its API. */
export interface KeywordDataConfig {
  /** API base URL without a trailing slash (the client appends /v3/...). */
  url: string;
  login: string;
  password: string;
  /** How long cached figures stay fresh. */
  ttlHours: number;
  /** Whether the URL is the built-in emulator (then the server mounts it). */
  usesEmulator: boolean;
  /** The provider's name shown next to figures (they are estimates). */
  sourceName: string;
}

/** An OpenAI-compatible chat-completions endpoint and the model to ask. */
export interface LlmConfig {
  /** Base URL the openai client appends /chat/completions to (e.g. https://api.openai.com/v1). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Whether the URL is the built-in emulator (then the server mounts it). */
  usesEmulator: boolean;
}

/** The model id of the emulator's deterministic generator (it says what it is). */
export const EMULATOR_LLM = {
  apiKey: 'tubewise-emulator-llm-key',
  model: 'tubewise-emulator-deterministic-1',
} as const;

/** Video-platform endpoints and OAuth client. */
export interface PlatformConfig {
  clientId: string;
  clientSecret: string;
  /** Consent page (opened by the browser). */
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Data and Analytics API root, ending with '/'. */
  apiRootUrl: string;
  /** Search Console API root, ending with '/' (SEARCH_CONSOLE_API_ROOT_URL). */
  searchConsoleRootUrl: string;
  /**
   * The Search Console connection's own OAuth client (its grant at Google is then independent
   * of the channels' YouTube grant), or null: it shares clientId's, and Disconnect cannot
   * revoke at Google without ending the channel's grant too.
   */
  searchConsoleClient: { id: string; secret: string } | null;
  /** API key for calls made as the product rather than as a channel (public channel search). */
  apiKey: string;
  /** Whether any endpoint is the built-in emulator (then the server mounts it). */
  usesEmulator: boolean;
}

/** Where the built-in emulator is mounted in the embedded server. */
export const EMULATOR_PREFIX = '/emulator';
/** The emulator's OAuth client, accepted when no Google client is configured. */
export const EMULATOR_CLIENT = {
  id: 'tubewise-emulator-client',
  secret: 'tubewise-emulator-secret',
  apiKey: 'tubewise-emulator-key',
} as const;

/** The emulator's second OAuth client, the Search Console connection's by default. */
export const EMULATOR_SEARCH_CONSOLE_CLIENT = {
  id: 'tubewise-emulator-search-console',
  secret: 'tubewise-emulator-search-console-secret',
} as const;

/** The credentials the emulator's keyword-data API accepts when no KEYWORD_DATA_URL is set. */
export const EMULATOR_KEYWORD_DATA = {
  login: 'tubewise-emulator',
  password: 'tubewise-emulator-secret',
} as const;

/** Thrown when the environment is invalid; carries the readable list of problems. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Parses the environment once; throws ConfigError listing every problem. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  // Checked on the raw values too, so one failed start lists every problem at once.
  const given = (name: string) => Boolean(source[name]);
  if (source.NODE_ENV === 'production' && given('DATABASE_URL')) {
    if (!given('SESSION_SECRET')) {
      problems.push('SESSION_SECRET: required in production with DATABASE_URL');
    }
    if (!given('ENCRYPTION_KEY')) {
      problems.push('ENCRYPTION_KEY: required in production with DATABASE_URL');
    }
  }
  problems.push(...mailProblems(source));
  if (given('SEARCH_CONSOLE_CLIENT_ID') !== given('SEARCH_CONSOLE_CLIENT_SECRET'))
    problems.push('SEARCH_CONSOLE_CLIENT_ID and SEARCH_CONSOLE_CLIENT_SECRET: set both or neither');
  if (given('LLM_BASE_URL')) {
    if (!given('LLM_MODEL')) problems.push('LLM_MODEL: required with LLM_BASE_URL');
  } else {
    // Without a base URL the emulator answers: a key or model alone would be silently unused.
    for (const name of ['LLM_API_KEY', 'LLM_MODEL']) {
      if (given(name))
        problems.push(`${name}: set LLM_BASE_URL too (unset, the built-in emulator answers)`);
    }
  }
  if (source.NODE_ENV === 'production' && !given('STRIPE_SECRET_KEY')) {
    problems.push(
      "STRIPE_SECRET_KEY: required in production (payments); the built-in emulator's Stripe " +
        'would let anyone pay with a test card',
    );
  }
  if (given('STRIPE_SECRET_KEY') && !given('STRIPE_WEBHOOK_SECRET'))
    problems.push('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (webhooks are verified)');
  if (!given('STRIPE_SECRET_KEY')) {
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'STRIPE_PRICE_IDS']) {
      if (given(name))
        problems.push(`${name}: set STRIPE_SECRET_KEY too (unset, the built-in emulator answers)`);
    }
  }
  const priceIds = parsePriceIds(source.STRIPE_PRICE_IDS ?? '', problems, {
    // The emulator's price ids mean nothing at a real Stripe account: every one must be named.
    complete: given('STRIPE_SECRET_KEY'),
  });
  if (given('KEYWORD_DATA_URL')) {
    for (const name of ['KEYWORD_DATA_LOGIN', 'KEYWORD_DATA_PASSWORD']) {
      if (!given(name)) problems.push(`${name}: required with KEYWORD_DATA_URL`);
    }
  }
  const emulatorImport = (source.EMULATOR_IMPORT ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
    .map((f) => path.resolve(f));
  for (const file of emulatorImport)
    if (!existsSync(file)) problems.push(`EMULATOR_IMPORT: no such file: ${file}`);
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const host = new URL(publicUrl).hostname;
  const isLocal = host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
  const secrets = readOrCreateSecrets(dataDir, !env.SESSION_SECRET || !env.ENCRYPTION_KEY);
  // The browser opens the consent page at the public origin; the server calls the other
  // endpoints over loopback, so the embedded emulator works before any DNS or proxy exists.
  const internal = `http://127.0.0.1:${env.PORT}${EMULATOR_PREFIX}`;
  const platform: PlatformConfig = {
    clientId: env.GOOGLE_CLIENT_ID ?? EMULATOR_CLIENT.id,
    clientSecret: env.GOOGLE_CLIENT_SECRET ?? EMULATOR_CLIENT.secret,
    authUrl: env.GOOGLE_OAUTH_AUTH_URL ?? `${publicUrl}${EMULATOR_PREFIX}/o/oauth2/v2/auth`,
    tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL ?? `${internal}/token`,
    revokeUrl: env.GOOGLE_OAUTH_REVOKE_URL ?? `${internal}/revoke`,
    apiKey: env.YOUTUBE_API_KEY ?? EMULATOR_CLIENT.apiKey,
    apiRootUrl: (env.YOUTUBE_API_ROOT_URL ?? `${internal}/`).replace(/\/?$/, '/'),
    // Unset: the emulator's while YouTube is the emulator's, else Google's.
    searchConsoleRootUrl: (
      env.SEARCH_CONSOLE_API_ROOT_URL ??
      (env.YOUTUBE_API_ROOT_URL ? 'https://searchconsole.googleapis.com/' : `${internal}/`)
    ).replace(/\/?$/, '/'),
    // Unset: the emulator's second client while the OAuth client is the emulator's too.
    searchConsoleClient:
      env.SEARCH_CONSOLE_CLIENT_ID && env.SEARCH_CONSOLE_CLIENT_SECRET
        ? { id: env.SEARCH_CONSOLE_CLIENT_ID, secret: env.SEARCH_CONSOLE_CLIENT_SECRET }
        : env.GOOGLE_CLIENT_ID
          ? null
          : { ...EMULATOR_SEARCH_CONSOLE_CLIENT },
    usesEmulator:
      !env.GOOGLE_OAUTH_AUTH_URL ||
      !env.GOOGLE_OAUTH_TOKEN_URL ||
      !env.GOOGLE_OAUTH_REVOKE_URL ||
      !env.YOUTUBE_API_ROOT_URL,
  };
  const keywordData: KeywordDataConfig = env.KEYWORD_DATA_URL
    ? {
        url: env.KEYWORD_DATA_URL.replace(/\/+$/, ''),
        login: env.KEYWORD_DATA_LOGIN ?? '',
        password: env.KEYWORD_DATA_PASSWORD ?? '',
        ttlHours: env.KEYWORD_DATA_TTL_HOURS,
        usesEmulator: false,
        sourceName: 'DataForSEO (Google Ads)',
      }
    : {
        url: internal,
        ...EMULATOR_KEYWORD_DATA,
        ttlHours: env.KEYWORD_DATA_TTL_HOURS,
        usesEmulator: true,
        sourceName: 'Tubewise emulator (DataForSEO format)',
      };
  const llm: LlmConfig = env.LLM_BASE_URL
    ? {
        baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''),
        // Local servers (Ollama, vLLM) take any key; the SDK refuses to start without one.
        apiKey: env.LLM_API_KEY ?? 'unused',
        model: env.LLM_MODEL ?? '',
        usesEmulator: false,
      }
    : { baseUrl: `${internal}/v1`, ...EMULATOR_LLM, usesEmulator: true };
  const stripeUrl = new URL(
    env.STRIPE_SECRET_KEY ? (env.STRIPE_API_URL ?? 'https://api.stripe.com') : internalRoot(env),
  );
  const stripe: StripeConfig = {
    secretKey: env.STRIPE_SECRET_KEY ?? EMULATOR_STRIPE.secretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? EMULATOR_STRIPE.webhookSecret,
    host: stripeUrl.hostname,
    port: Number(stripeUrl.port || (stripeUrl.protocol === 'https:' ? 443 : 80)),
    protocol: stripeUrl.protocol === 'https:' ? 'https' : 'http',
    priceIds,
    usesEmulator: !env.STRIPE_SECRET_KEY,
  };
  return {
    env,
    llm,
    stripe,
    mail: mailConfig(env),
    embedded: !env.DATABASE_URL,
    dataDir,
    publicUrl,
    secureCookies: !isLocal,
    sessionSecret: env.SESSION_SECRET ?? secrets.sessionSecret,
    encryptionKey: Buffer.from(env.ENCRYPTION_KEY ?? secrets.encryptionKey, 'hex'),
    platform,
    keywordData,
    emulatorImport,
  };
}

/** The embedded server's own origin over loopback (the emulator's Stripe API is at its root). */
function internalRoot(env: Env): string {
  return `http://127.0.0.1:${env.PORT}`;
}

/**
 * STRIPE_PRICE_IDS (`plan.interval=price_id`, comma-separated) over the plans' default ids;
 * every problem is added to `problems`.
 */
function parsePriceIds(
  raw: string,
  problems: string[],
  options: { complete: boolean },
): Record<PaidPlanId, Record<BillingInterval, string>> {
  const ids = Object.fromEntries(
    PAID_PLANS.map((plan) => [plan.id, { ...plan.stripePriceIds }]),
  ) as Record<PaidPlanId, Record<BillingInterval, string>>;
  const named = new Set<string>();
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^(\w+)\.(\w+)=(\S+)$/.exec(entry);
    const plan = match?.[1] as PaidPlanId | undefined;
    const interval = match?.[2] as BillingInterval | undefined;
    if (
      !match ||
      !PAID_PLAN_IDS.includes(plan as PaidPlanId) ||
      !BILLING_INTERVALS.includes(interval as BillingInterval)
    ) {
      problems.push(
        `STRIPE_PRICE_IDS: "${entry}" is not plan.interval=price_id (plans: ${PAID_PLAN_IDS.join(', ')}; intervals: month, year)`,
      );
      continue;
    }
    ids[plan!][interval!] = match[3]!;
    named.add(`${plan}.${interval}`);
  }
  if (options.complete) {
    const missing = PAID_PLAN_IDS.flatMap((plan) =>
      BILLING_INTERVALS.map((interval) => `${plan}.${interval}`),
    ).filter((name) => !named.has(name));
    if (missing.length)
      problems.push(
        `STRIPE_PRICE_IDS: required with STRIPE_SECRET_KEY; missing ${missing.join(', ')}`,
      );
  }
  const all = Object.values(ids).flatMap((byInterval) => Object.values(byInterval));
  if (new Set(all).size !== all.length)
    problems.push('STRIPE_PRICE_IDS: each plan and interval needs a price of its own');
  return ids;
}

/** Whether a raw switch value is on (the same spellings the schema accepts). */
const isOn = (value: string | undefined) => value === 'true' || value === '1' || value === 'yes';

/**
 * The e-mail settings that cannot start. Production must deliver its password-reset and
 * invitation links (or say it sends none), and the dev mailbox, which shows those links to
 * whoever may open it, is never allowed there.
 */
function mailProblems(source: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const smtp = Boolean(source.SMTP_URL);
  const disabled = isOn(source.MAIL_DISABLED);
  const mailbox = isOn(source.DEV_MAILBOX);
  if (source.NODE_ENV === 'production') {
    if (!smtp && !disabled) {
      problems.push(
        'SMTP_URL: required in production (password-reset and invitation e-mails); ' +
          'set MAIL_DISABLED=true to run without sending any e-mail',
      );
    }
    if (mailbox) {
      problems.push('DEV_MAILBOX: refused in production (it shows password-reset links)');
    }
  }
  if (smtp && disabled) problems.push('MAIL_DISABLED: contradicts SMTP_URL (set one of them)');
  if (mailbox && (smtp || disabled)) {
    problems.push(
      `DEV_MAILBOX: shows undelivered mail, so it cannot be used with ${smtp ? 'SMTP_URL' : 'MAIL_DISABLED'}`,
    );
  }
  return problems;
}

/** Derives delivery and mailbox access from a valid environment (see mailProblems). */
function mailConfig(env: Env): MailConfig {
  const delivery: MailDelivery = env.SMTP_URL ? 'smtp' : env.MAIL_DISABLED ? 'disabled' : 'outbox';
  if (delivery !== 'outbox' || env.DEV_MAILBOX === false) return { delivery, mailbox: 'off' };
  if (env.DEV_MAILBOX === true) return { delivery, mailbox: 'loopback' };
  // The embedded default is one developer's machine; with PostgreSQL it may be a shared server.
  const embeddedDevelopment = !env.DATABASE_URL && env.NODE_ENV !== 'production';
  return { delivery, mailbox: embeddedDevelopment ? 'signed-in' : 'off' };
}

interface StoredSecrets {
  sessionSecret: string;
  encryptionKey: string;
}

/** Secrets generated once and kept under DATA_DIR so restarts keep sessions and tokens readable. */
function readOrCreateSecrets(dataDir: string, needed: boolean): StoredSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
  const fresh: StoredSecrets = {
    sessionSecret: randomBytes(32).toString('hex'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  if (!needed) return fresh;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600 });
  return fresh;
}
