import type { Config } from './config/config.ts';
import type { Composition } from './compose.ts';
import { DEFAULT_CHANNEL_SETTINGS } from './modules/channels/index.ts';
import { seedRankings } from './seed-rankings.ts';

/** The emulator's demo account that owns the demo channels (see apps/emulator accounts). */
export const EMULATOR_DEMO_ACCOUNT = 'alex.creator@tubewise.test';
/** The demo channels of that account, in the order they are connected. */
export const DEMO_CHANNEL_IDS = [
  'UCtw0demo00000000000001',
  'UCtw0demo00000000000002',
  'UCtw0demo00000000000003',
  'UCtw0demo00000000000004',
  'UCtw0demo00000000000005',
  'UCtw0demo00000000000006',
  'UCtw0demo00000000000007',
  'UCtw0demo00000000000008',
] as const;
/** Topics of the first demo channel's settings (words of the emulator's camp-cooking niche). */
export const DEMO_TOPICS = ['campfire chili', 'dutch oven lasagna', 'camp coffee'];

/** A second demo account with no channel, to try the connect flow. */
export const NEWCOMER_EMAIL = 'newcomer@tubewise.local';

/** What seeding did. */
export interface SeedResult {
  created: boolean;
  connectedChannels: number;
}

/**
 * Seeds the embedded default on its first start: the demo account (on the free trial, so
 * Checkout can be tried with the emulator's test cards) with its first demo channel(s)
 * connected through the emulator's consent (the same OAuth code path a person takes) and a
 * first sync started, plus a newcomer account with no channel.
 * Runs after the server listens: the token exchange goes over loopback to the emulator.
 */
export async function seedDemo(composition: Composition, config: Config): Promise<SeedResult> {
  const { users, sessions, connect, sync } = composition.services;
  const password = config.env.DEMO_USER_PASSWORD;
  const demo = await users.ensureUser({
    email: config.env.DEMO_USER_EMAIL,
    password,
    name: 'Demo Creator',
    flags: 'competition_user,labs_user,weekly_video_ideas',
  });
  await users.ensureUser({ email: NEWCOMER_EMAIL, password, name: 'New Creator' });
  if (!demo.created || !composition.emulator)
    return { created: demo.created, connectedChannels: 0 };

  const count = Math.min(config.env.DEMO_CONNECTED_CHANNELS, DEMO_CHANNEL_IDS.length);
  const seedSession = await sessions.create(demo.id, { userAgent: 'demo seed', ip: '127.0.0.1' });
  const session = { userId: demo.id, familyId: seedSession.familyId };
  let connected = 0;
  try {
    for (const [index, youtubeId] of DEMO_CHANNEL_IDS.slice(0, count).entries()) {
      const authUrl = await connect.authorizationUrl({
        ...session,
        reconnect: false,
        firstChannel: index === 0,
      });
      const back = new URL(
        composition.emulator.control.approveConsent(authUrl, EMULATOR_DEMO_ACCOUNT, youtubeId),
      );
      const result = await connect.complete(
        {
          code: back.searchParams.get('code') ?? undefined,
          state: back.searchParams.get('state') ?? undefined,
        },
        session,
      );
      if (result.params['oauth-success'] !== 'true') {
        throw new Error(
          `Connecting demo channel ${youtubeId} failed: ${JSON.stringify(result.params)}`,
        );
      }
      connected += 1;
    }
  } finally {
    await sessions.revokeFamily(seedSession.familyId, 'demo-seed');
  }
  const { myChannels } = await users.myChannels(demo.id);
  const first = myChannels.find((c) => c.youtubeId === DEMO_CHANNEL_IDS[0]);
  if (first) {
    // Topics of the first demo channel (camp cooking), so suggested ideas show without typing.
    await composition.services.channels.updateSettings(demo.id, first.id, {
      ...DEFAULT_CHANNEL_SETTINGS,
      topics: DEMO_TOPICS,
      industries: ['Outdoor cooking'],
    });
    await sync.start(first.id);
    // Tracked keywords with their history, checked day by day against the emulator.
    await seedRankings(composition, config, {
      userId: demo.id,
      channelId: first.id,
      youtubeId: DEMO_CHANNEL_IDS[0],
      language: DEFAULT_CHANNEL_SETTINGS.language,
    });
  }
  return { created: true, connectedChannels: connected };
}
