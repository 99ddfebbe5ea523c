/**
 * Channel invitations (issue 10): the answer does not reveal whether an address has an account
 * or its name, invitations are limited per person and per channel, and the set-password link of
 * an invitation removed before it was used no longer works.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { channelMembers, channels, users } from '../../db/schema/index.ts';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';

const DAY_MS = 86_400_000;

describe.each(testBackends())('channel invitations (%s)', (backend) => {
  let t: TestApp;
  let ownerCookie: string;
  let ownerId: string;
  let count = 0;

  beforeAll(async () => {
    t = await createTestApp(backend, {
      authLimits: {
        invitePerson: { max: 6, windowSeconds: 24 * 3600 },
        inviteChannel: { max: 4, windowSeconds: 24 * 3600 },
      },
    });
    ownerId = await t.createUser('owner@example.com');
    ownerCookie = await t.login('owner@example.com', TEST_PASSWORD);
  });
  afterAll(() => t.close());

  /** A channel the owner connected (inserted directly: the OAuth path is channels.test.ts's). */
  async function ownedChannel(): Promise<string> {
    count++;
    const [row] = await t.database.db
      .insert(channels)
      .values({
        youtubeId: `UCinvitations${String(count).padStart(11, '0')}`,
        name: `Show ${count}`,
      })
      .returning();
    await t.database.db
      .insert(channelMembers)
      .values({ channelId: row!.id, userId: ownerId, role: 'owner' });
    return row!.id;
  }
  const json = (cookie: string) => ({ cookie, 'content-type': 'application/json' });
  const invite = (channelId: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/channels/${channelId}/members`,
      headers: json(ownerCookie),
      payload: { email },
    });
  const members = async (channelId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/channels/${channelId}/members`,
        headers: { cookie: ownerCookie },
      } satisfies InjectOptions)
    ).json().members as { email: string }[];
  const entry = (list: { email: string }[], email: string) => list.find((m) => m.email === email);
  /** The set-password token in the newest e-mail to `to`. */
  const linkTokenFor = async (to: string) => {
    const mail = (await t.services.mail.recent(20)).find((m) => m.to === to);
    const match = /\/set-password\?token=([\w%-]+)/.exec(mail?.text ?? '');
    if (!match) throw new Error(`no set-password link mailed to ${to}`);
    return decodeURIComponent(match[1]!);
  };
  /** The reset token in the newest "Reset your password" e-mail to `to`. */
  const resetTokenFor = async (to: string) => {
    const mail = (await t.services.mail.recent(20)).find(
      (m) => m.to === to && m.subject.startsWith('Reset'),
    );
    const match = /\/set-password\?token=([\w%-]+)/.exec(mail?.text ?? '');
    if (!match) throw new Error(`no reset link mailed to ${to}`);
    return decodeURIComponent(match[1]!);
  };
  const setPassword = (token: string, password = 'an invited person passphrase') =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/set-password',
      headers: { 'content-type': 'application/json' },
      payload: { token, password },
    });

  it('answers the same whether or not the address had an account, until the person joins', async () => {
    const channelId = await ownedChannel();
    await t.createUser('known@example.com');
    const known = await invite(channelId, 'known@example.com');
    const unknown = await invite(channelId, 'unknown@example.com');
    expect(known.statusCode).toBe(201);
    expect(unknown.statusCode).toBe(201);
    const pending = (email: string) => ({
      userId: null,
      email,
      name: '',
      role: 'member',
      joined: false,
    });
    expect(entry(known.json().members, 'known@example.com')).toEqual(pending('known@example.com'));
    expect(entry(unknown.json().members, 'unknown@example.com')).toEqual(
      pending('unknown@example.com'),
    );
    expect(entry(await members(channelId), 'known@example.com')).toEqual(
      pending('known@example.com'),
    );

    // Once the person has opened their channel list, the owner sees who joined.
    const cookie = await t.login('known@example.com', TEST_PASSWORD);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/channels',
      headers: { cookie },
    });
    expect(theirs.json().invitedTo).toHaveLength(1);
    expect(entry(await members(channelId), 'known@example.com')).toMatchObject({
      name: 'Test User',
      joined: true,
    });
    expect(entry(await members(channelId), 'unknown@example.com')).toEqual(
      pending('unknown@example.com'),
    );
  });

  it('voids the set-password link of an invitation removed before it was used', async () => {
    const first = await ownedChannel();
    const second = await ownedChannel();
    expect((await invite(first, 'removed@example.com')).statusCode).toBe(201);
    const removedLink = await linkTokenFor('removed@example.com');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/channels/${first}/members/removed@example.com`,
      headers: json(ownerCookie),
    });
    expect(gone.statusCode).toBe(200);
    const refused = await setPassword(removedLink);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('invalid-token');

    // Another channel's invitation to the same person keeps its own link.
    expect((await invite(second, 'removed@example.com')).statusCode).toBe(201);
    const kept = await setPassword(await linkTokenFor('removed@example.com'));
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it("starts an invited person's trial when they set their first password, not at the invitation", async () => {
    // Its own owner: the shared owner's daily invitations are counted by the next test.
    const otherOwner = await t.createUser('trial-owner@example.com');
    const [channel] = await t.database.db
      .insert(channels)
      .values({ youtubeId: 'UCinvitationstrialstart0', name: 'Trial show' })
      .returning();
    await t.database.db
      .insert(channelMembers)
      .values({ channelId: channel!.id, userId: otherOwner, role: 'owner' });
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/channels/${channel!.id}/members`,
      headers: json(await t.login('trial-owner@example.com', TEST_PASSWORD)),
      payload: { email: 'late-joiner@example.com' },
    });
    expect(invited.statusCode).toBe(201);
    const trialEnd = async () =>
      (await t.database.db.query.users.findFirst({
        where: eq(users.email, 'late-joiner@example.com'),
      }))!.trialEndsAt.getTime();
    // The invitation waited ten days: four days of a fourteen-day trial would be left.
    const fourDays = Date.now() + 4 * DAY_MS;
    await t.database.db
      .update(users)
      .set({ trialEndsAt: new Date(fourDays) })
      .where(eq(users.email, 'late-joiner@example.com'));
    expect((await setPassword(await linkTokenFor('late-joiner@example.com'))).statusCode).toBe(200);
    const started = await trialEnd();
    expect(started).toBeGreaterThan(Date.now() + (t.config.env.TRIAL_DAYS - 1) * DAY_MS);

    // A later password reset is no new trial.
    await t.database.db
      .update(users)
      .set({ trialEndsAt: new Date(fourDays) })
      .where(eq(users.email, 'late-joiner@example.com'));
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/users/forget',
      headers: { 'content-type': 'application/json' },
      payload: { email: 'late-joiner@example.com' },
    });
    expect(forgot.statusCode).toBe(200);
    await t.services.users.settled();
    const reset = await setPassword(
      await resetTokenFor('late-joiner@example.com'),
      'another long passphrase',
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await trialEnd()).toBe(fourDays);
  });

  it('limits invitations per channel and per person with 429 too-many-invitations', async () => {
    // Four invitations so far today by this owner (the tests above).
    const channelId = await ownedChannel();
    for (const email of ['a@example.com', 'b@example.com'])
      expect((await invite(channelId, email)).statusCode).toBe(201);
    // Per person: 6 a day, and this owner has now sent 6.
    const refused = await invite(channelId, 'c@example.com');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.code).toBe('too-many-invitations');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A refused invitation sends nothing and creates nobody.
    expect((await t.services.mail.recent(50)).some((m) => m.to === 'c@example.com')).toBe(false);
    expect(entry(await members(channelId), 'c@example.com')).toBeUndefined();
  });
});

describe.each(testBackends())('channel invitation limit per channel (%s)', (backend) => {
  it('refuses a fifth invitation to one channel in a day, whoever sends it', async () => {
    const t = await createTestApp(backend, {
      authLimits: { inviteChannel: { max: 4, windowSeconds: 24 * 3600 } },
    });
    try {
      const ownerId = await t.createUser('solo@example.com');
      const cookie = await t.login('solo@example.com', TEST_PASSWORD);
      const [row] = await t.database.db
        .insert(channels)
        .values({ youtubeId: 'UClimitedchannel00000000', name: 'Limited' })
        .returning();
      await t.database.db
        .insert(channelMembers)
        .values({ channelId: row!.id, userId: ownerId, role: 'owner' });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/channels/${row!.id}/members`,
          headers: { cookie, 'content-type': 'application/json' },
          payload: { email: `person${i}@example.com` },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().error.code).toBe('too-many-invitations');
      }
      expect(statuses).toEqual([201, 201, 201, 201, 429]);
    } finally {
      await t.close();
    }
  });
});
