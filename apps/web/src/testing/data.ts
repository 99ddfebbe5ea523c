/** Test data builders: valid contract objects with overridable fields. */
import {
  aiEligibility as aiEligibilitySchema,
  aiGeneration as aiGenerationSchema,
  aiQuota as aiQuotaSchema,
  channel as channelSchema,
  channelSettings as channelSettingsSchema,
  language as languageSchema,
  publicConfig as publicConfigSchema,
  syncStatus as syncStatusSchema,
  user as userSchema,
  type AiEligibility,
  type AiGeneration,
  type AiQuota,
  type Channel,
  type ChannelSettings,
  type Language,
  type PublicConfig,
  type SyncStatus,
  type User,
} from '@tubewise/contract';

let seq = 0;

/** A user as GET /api/users/me returns it (validated with the contract schema). */
export function buildUser(overrides: Partial<User> = {}): User {
  seq += 1;
  return userSchema.parse({
    id: `user-${seq}`,
    email: `creator${seq}@example.com`,
    name: `Creator ${seq}`,
    flags: '',
    isV2Enterprise: true,
    aiPermission: 'ai-generate-description',
    settings: { skipSearchTermHelp: false },
    notificationSettings: { email: true },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

/** A channel (validated with the contract schema). */
export function buildChannel(overrides: Partial<Channel> = {}): Channel {
  seq += 1;
  return channelSchema.parse({
    id: `ch-${seq}`,
    youtubeId: `UC${String(seq).padStart(22, '0')}`,
    name: `Channel ${seq}`,
    thumbnailUrl: `https://img.example.com/${seq}.jpg`,
    needsReconnect: false,
    ...overrides,
  });
}

/** `count` channels named "Channel 1".."Channel N" with ids ch-1..ch-N. */
export function buildChannels(count: number): Channel[] {
  return Array.from({ length: count }, (_, i) =>
    buildChannel({ id: `ch-${i + 1}`, name: `Channel ${i + 1}`, youtubeId: `UC-yt-${i + 1}` }),
  );
}

/** The public config (validated with the contract schema). */
export function buildPublicConfig(
  overrides: Partial<Omit<PublicConfig, 'features'>> & {
    features?: Partial<PublicConfig['features']>;
  } = {},
): PublicConfig {
  return publicConfigSchema.parse({
    productName: 'Tubewise',
    supportEmail: 'help@tubewise.test',
    onlyV2: false,
    devMailbox: false,
    limits: { ideaSeedsMax: 10, thumbnailMaxBytes: 2 * 1024 * 1024 },
    ...overrides,
    features: { newOptimizePage: false, shorts: false, httpRetry: false, ...overrides.features },
  });
}

/** Channel settings (validated with the contract schema); the defaults of a new channel. */
export function buildChannelSettings(overrides: Partial<ChannelSettings> = {}): ChannelSettings {
  return channelSettingsSchema.parse({
    topics: [],
    language: 'en-us',
    eeatStatement: '',
    toneOfVoice: '',
    industries: [],
    companyName: '',
    ...overrides,
  });
}

/** A keyword language (validated with the contract schema); English (US) by default. */
export function buildLanguage(overrides: Partial<Language> = {}): Language {
  return languageSchema.parse({
    id: 'en-us',
    name: 'English (US)',
    iso6391: 'en',
    youtube: 'en',
    bing: 'en-US',
    writeSonic: 'en',
    adsCode: 1000,
    locName: 'United States',
    locAbbreviation: 'US',
    code: 2840,
    ...overrides,
  });
}

/** A few keyword languages sorted by name, as GET /api/keywords/locales?sortBy=name answers. */
export function buildLocales(): Language[] {
  return [
    buildLanguage({ id: 'nl-nl', name: 'Dutch (Netherlands)', iso6391: 'nl', code: 2528 }),
    buildLanguage(),
    buildLanguage({ id: 'de-de', name: 'German (Germany)', iso6391: 'de', code: 2276 }),
  ];
}

/** A sync status (validated with the contract schema); idle and never synced by default. */
export function buildSyncStatus(overrides: Partial<SyncStatus> = {}): SyncStatus {
  return syncStatusSchema.parse({
    state: 'idle',
    isSyncing: false,
    videosDone: 0,
    videosTotal: null,
    startedAt: null,
    finishedAt: null,
    lastSyncedAt: null,
    error: null,
    ...overrides,
  });
}

/** A channel's AI quota of the month (validated): 38 of 50 used, resetting on 1 December 2026. */
export function buildAiQuota(overrides: Partial<AiQuota> = {}): AiQuota {
  const limit = overrides.limit ?? 50;
  const used = overrides.used ?? 38;
  return aiQuotaSchema.parse({
    used,
    limit,
    remaining: Math.max(0, limit - used),
    exceeded: used >= limit,
    resetsAt: '2026-12-01T00:00:00.000Z',
    ...overrides,
  });
}

/** A video's AI eligibility (validated): eligible, a 10-minute video, the default quota. */
export function buildAiEligibility(overrides: Partial<AiEligibility> = {}): AiEligibility {
  return aiEligibilitySchema.parse({
    eligible: true,
    reasons: [],
    quota: buildAiQuota(),
    maxVideoMinutes: 45,
    durationSeconds: 600,
    ...overrides,
  });
}

/** A finished AI generation (validated): three titles and a description, none rated. */
export function buildAiGeneration(overrides: Partial<AiGeneration> = {}): AiGeneration {
  return aiGenerationSchema.parse({
    id: 'gen-1',
    videoId: 'vid-1',
    status: 'done',
    searchTerm: 'sourdough bread',
    language: 'en',
    model: 'test-model-1',
    titles: [
      { text: 'Sourdough bread at home: the easy way', feedback: null },
      { text: 'My first sourdough bread (no mixer)', feedback: null },
      { text: 'Sourdough bread for beginners, step by step', feedback: null },
    ],
    description: {
      text: 'Bake sourdough bread at home with a simple starter.\n\nIngredients and timings below.',
      feedback: null,
    },
    inputs: { captions: 'used', relatedKeywords: 8, rankingVideos: 10 },
    error: null,
    tokens: { prompt: 1200, completion: 300 },
    createdAt: '2026-11-20T10:00:00.000Z',
    finishedAt: '2026-11-20T10:00:12.000Z',
    requestedBy: 'Ana',
    ...overrides,
  });
}
