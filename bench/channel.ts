/**
 * Shared set-up of the benchmarks that need a real channel: a free loopback port, and an
 * emulated channel connected through the OAuth code path, as a person clicking Allow would.
 */
import { createServer } from 'node:net';
import type { Composition } from '@tubewise/api';

/** The emulator's demo account A, owner of the benchmark channels. */
export const OWNER = 'alex.creator@tubewise.test';

/** A free loopback port: the config needs it before the app listens (the adapter's URLs). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Creates a user (if new) and connects the emulator's channel `youtubeId` to them through the
 * OAuth code path, as seed.ts does for the demo. Returns the user's and the channel's ids.
 */
export async function connectEmulatedChannel(
  composition: Composition,
  user: { email: string; password: string; name: string },
  youtubeId: string,
): Promise<{ userId: string; channelId: string }> {
  const emulator = composition.emulator;
  if (!emulator) throw new Error('compose did not mount the emulator');
  const { users, sessions, connect } = composition.services;
  const { id: userId } = await users.ensureUser(user);
  const session = await sessions.create(userId, { userAgent: 'bench', ip: '127.0.0.1' });
  const who = { userId, familyId: session.familyId };
  const authUrl = await connect.authorizationUrl({ ...who, reconnect: false, firstChannel: true });
  const back = new URL(emulator.control.approveConsent(authUrl, OWNER, youtubeId));
  const result = await connect.complete(
    {
      code: back.searchParams.get('code') ?? undefined,
      state: back.searchParams.get('state') ?? undefined,
    },
    who,
  );
  if (result.params['oauth-success'] !== 'true')
    throw new Error(`connecting the channel failed: ${JSON.stringify(result.params)}`);
  const { myChannels } = await users.myChannels(userId);
  const channelId = myChannels.find((c) => c.youtubeId === youtubeId)?.id;
  if (!channelId) throw new Error('the connected channel is not among my channels');
  return { userId, channelId };
}

/** Runs one full sync of a channel in this process (no pg-boss) and fails unless it succeeds. */
export async function syncNow(composition: Composition, channelId: string): Promise<void> {
  const { sync } = composition.services;
  let queued: { channelId: string; runId: string } | undefined;
  sync.setEnqueue(async (payload) => {
    queued = payload;
  });
  await sync.start(channelId);
  if (!queued) throw new Error('sync.start queued no run');
  const outcome = await sync.run(queued.channelId, queued.runId, { final: true });
  if (outcome !== 'succeeded') {
    const status = await sync.status(channelId);
    throw new Error(`the sync ended ${outcome}: ${status.error ?? ''}`);
  }
}

/** Signs in over HTTP and returns the Cookie header value. */
export async function signIn(
  base: string,
  user: { email: string; password: string },
): Promise<string> {
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='));
  if (!cookies.length) throw new Error('sign-in set no cookies');
  return cookies.join('; ');
}
