/** Test data builders: valid contract objects with overridable fields. */
import {
  channel as channelSchema,
  publicConfig as publicConfigSchema,
  user as userSchema,
  type Channel,
  type PublicConfig,
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
    ...overrides,
    features: { newOptimizePage: false, shorts: false, httpRetry: false, ...overrides.features },
  });
}
