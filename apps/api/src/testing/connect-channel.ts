import type { Emulator } from '@tubewise/emulator';
import type { Services } from '../app.ts';

/** The services a test drives a channel connection and a sync through. */
type ChannelServices = Pick<Services, 'sessions' | 'connect' | 'users' | 'sync'>;

/**
 * Connects the emulator channel `youtubeChannelId` to `userId` through the product's own OAuth
 * path (authorization URL, the consent approved as `account`, callback) and returns the
 * product's channel id. Throws when the connection does not succeed.
 */
export async function connectEmulatorChannel(
  services: ChannelServices,
  emulator: Emulator,
  options: {
    userId: string;
    youtubeChannelId: string;
    account: string;
    /** Scopes granted besides the ones the product asks for. */
    extraScopes?: string[];
    /** Asked-for scopes the person unticks on the consent page (e.g. youtube.force-ssl). */
    untickedScopes?: string[];
  },
): Promise<string> {
  const session = await services.sessions.create(options.userId, {});
  const ids = { userId: options.userId, familyId: session.familyId };
  const authUrl = await services.connect.authorizationUrl({
    ...ids,
    reconnect: false,
    firstChannel: true,
  });
  const consentUrl = new URL(authUrl);
  if (options.extraScopes?.length || options.untickedScopes?.length) {
    const scopes = (consentUrl.searchParams.get('scope') ?? '')
      .split(' ')
      .filter((scope) => scope && !options.untickedScopes?.includes(scope));
    consentUrl.searchParams.set('scope', [...scopes, ...(options.extraScopes ?? [])].join(' '));
  }
  const back = new URL(
    emulator.control.approveConsent(
      consentUrl.toString(),
      options.account,
      options.youtubeChannelId,
    ),
  );
  const result = await services.connect.complete(
    { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
    ids,
  );
  if (result.params['oauth-success'] !== 'true') {
    throw new Error(`connecting ${options.youtubeChannelId} failed: ${JSON.stringify(result)}`);
  }
  const mine = await services.users.myChannels(options.userId);
  const channel = mine.myChannels.find((c) => c.youtubeId === options.youtubeChannelId);
  if (!channel) throw new Error(`${options.youtubeChannelId} is not among the user's channels`);
  return channel.id;
}

/** Starts a sync of the channel and waits until it has finished; throws after `timeoutMs`. */
export async function syncChannel(
  services: Pick<Services, 'sync'>,
  channelId: string,
  timeoutMs = 30_000,
): Promise<void> {
  await services.sync.start(channelId);
  const deadline = Date.now() + timeoutMs;
  while ((await services.sync.status(channelId)).isSyncing) {
    if (Date.now() > deadline) throw new Error('sync did not finish');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
