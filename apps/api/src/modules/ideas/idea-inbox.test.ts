// The weekly ideas e-mail through the real app and a real SMTP server, on PGlite and PostgreSQL:
// the flag gates the settings, opting in and out is per channel, the weekly run sends exactly
// one e-mail per opted-in person and channel (never twice in a week) with new ideas from the
// channel's topics, and its unsubscribe link works without signing in while forgeries fail.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableText, startSmtp, type Received } from '../../testing/smtp.ts';
import { eq } from 'drizzle-orm';
import { channelMembers, channelSettings, channels, emailOutbox } from '../../db/schema/index.ts';
import { jobDefinitions } from '../../jobs/definitions.ts';
import {
  createTestApp,
  testBackends,
  TestClock,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import {
  startKeywordDataEmulator,
  type KeywordDataEmulator,
} from '../keywords/keywords.testing.ts';
import { UNSUBSCRIBE_LIMIT, WEEKLY_IDEAS_FLAG } from './idea-inbox.service.ts';

/** Waits (up to 20 s) until `count` messages arrived in all. */
async function waitForMails(inbox: Received[], count: number): Promise<Received[]> {
  const deadline = Date.now() + 20_000;
  while (inbox.length < count) {
    if (Date.now() > deadline) throw new Error(`${inbox.length} of ${count} e-mails within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return inbox;
}

let kd: KeywordDataEmulator;
beforeAll(async () => {
  kd = await startKeywordDataEmulator();
});
afterAll(() => kd?.close());

describe.each(testBackends())('weekly ideas e-mail (%s)', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = new TestClock();
  let reader: string;
  let readerId: string;
  let colleague: string;
  let plain: string;
  let stranger: string;
  let campId: string;
  let bakeId: string;
  let otherId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(backend, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Tubewise <no-reply@tubewise.test>' },
      jobs: true,
      clock,
      keywordData: kd.adapter,
    });
    const flags = WEEKLY_IDEAS_FLAG;
    readerId = await t.createUser('reader@example.com', TEST_PASSWORD, {
      flags: `labs_user,${flags}`,
    });
    const colleagueId = await t.createUser('colleague@example.com', TEST_PASSWORD, { flags });
    const plainId = await t.createUser('plain@example.com');
    const strangerId = await t.createUser('stranger@example.com', TEST_PASSWORD, { flags });
    const db = t.database.db;
    const [camp, bake, other] = await db
      .insert(channels)
      .values([
        { youtubeId: 'UCinboxaaaaaaaaaaaaaaaaa', name: 'Camp Kitchen' },
        { youtubeId: 'UCinboxbbbbbbbbbbbbbbbbb', name: 'Bake Lab' },
        { youtubeId: 'UCinboxccccccccccccccccc', name: 'Not Yours' },
      ])
      .returning();
    campId = camp!.id;
    bakeId = bake!.id;
    otherId = other!.id;
    await db.insert(channelMembers).values([
      { channelId: campId, userId: readerId, role: 'owner' },
      { channelId: bakeId, userId: readerId, role: 'owner' },
      { channelId: campId, userId: colleagueId, role: 'member' },
      { channelId: campId, userId: plainId, role: 'member' },
      { channelId: otherId, userId: strangerId, role: 'owner' },
    ]);
    await db.insert(channelSettings).values({ channelId: campId, topics: ['dutch oven'] });
    reader = await t.login('reader@example.com', TEST_PASSWORD);
    colleague = await t.login('colleague@example.com', TEST_PASSWORD);
    plain = await t.login('plain@example.com', TEST_PASSWORD);
    stranger = await t.login('stranger@example.com', TEST_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const call = (cookie: string | null, opts: InjectOptions) =>
    t.app.inject({
      ...opts,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(opts.method !== 'GET' ? { 'content-type': 'application/json' } : {}),
      },
    });
  const settings = (cookie: string) =>
    call(cookie, { method: 'GET', url: '/api/ideas/inbox-settings' });
  const setWeekly = (cookie: string, channelId: string, weeklyIdeas: boolean) =>
    call(cookie, {
      method: 'PUT',
      url: '/api/ideas/inbox-settings',
      payload: { channelId, weeklyIdeas },
    });
  let ip = 0;
  const unsubscribe = (token: string, remoteAddress = `10.9.0.${++ip}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ideas/unsubscribe',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token }),
    });
  const weeklyOf = (cookie: string) =>
    settings(cookie).then((r) =>
      Object.fromEntries(
        r
          .json<{ items: { channelName: string; weeklyIdeas: boolean }[] }>()
          .items.map((i) => [i.channelName, i.weeklyIdeas]),
      ),
    );

  it('is only for people with the weekly_video_ideas flag', async () => {
    expect((await settings(plain)).statusCode).toBe(403);
    expect((await setWeekly(plain, campId, true)).statusCode).toBe(403);
    const res = await settings(reader);
    expect(res.statusCode, res.body).toBe(200);
    expect(await weeklyOf(reader)).toEqual({ 'Bake Lab': false, 'Camp Kitchen': false });
  });

  it('opts in and out per channel, only for channels the person works on', async () => {
    const on = await setWeekly(reader, campId, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(await weeklyOf(reader)).toEqual({ 'Bake Lab': false, 'Camp Kitchen': true });
    expect((await setWeekly(reader, otherId, true)).statusCode).toBe(404);
    // The colleague opts in and changes their mind; the stranger opts in on their own channel
    // (no topics there, so no e-mail).
    expect((await setWeekly(colleague, campId, true)).statusCode).toBe(200);
    expect((await setWeekly(colleague, campId, false)).statusCode).toBe(200);
    expect(await weeklyOf(colleague)).toEqual({ 'Camp Kitchen': false });
    expect((await setWeekly(stranger, otherId, true)).statusCode).toBe(200);
  });

  it('mails each opted-in person one e-mail of new ideas per channel, received over SMTP', async () => {
    // An idea the channel already saved is not news.
    const suggested = await t.services.ideas.suggested(readerId, campId);
    expect(suggested.items.length).toBeGreaterThan(3);
    const alreadySaved = suggested.items[0]!.phrase;
    const save = await call(reader, {
      method: 'POST',
      url: '/api/ideas/saved',
      payload: { channelId: campId, phrase: alreadySaved },
    });
    expect(save.statusCode, save.body).toBe(201);

    const result = await t.services.ideaInbox.sendWeekly();
    expect(result).toEqual({ sent: 1, empty: 1, failed: 0 });
    const [mail] = await waitForMails(smtp.inbox, 1);
    expect(mail!.to).toEqual(['reader@example.com']);
    const text = readableText(mail!.raw);
    expect(text).toContain('Camp Kitchen');
    const listed = suggested.items.slice(1, 11).map((i) => i.phrase);
    for (const phrase of listed) expect(text).toContain(`- ${phrase}`);
    expect(text).not.toContain(`- ${alreadySaved}\n`);
    // Mail clients offer their own unsubscribe button from the List-Unsubscribe header.
    expect(mail!.raw).toMatch(
      /^List-Unsubscribe:\s+<http[^>\s]+\/video-idea\/unsubscribe\?token=[^>\s]+>\r?$/m,
    );

    // A second run in the same week sends nothing more.
    clock.advance(3 * 24 * 3600);
    expect(await t.services.ideaInbox.sendWeekly()).toEqual({ sent: 0, empty: 1, failed: 0 });
    // Every e-mail goes out through the outbox: nothing new was queued for the reader.
    const queued = await t.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'reader@example.com'));
    expect(queued).toHaveLength(1);
    expect(smtp.inbox).toHaveLength(1);
    // A week later it comes again.
    clock.advance(4 * 24 * 3600);
    expect((await t.services.ideaInbox.sendWeekly()).sent).toBe(1);
    await waitForMails(smtp.inbox, 2);
  });

  it('unsubscribes with the link of the e-mail, without signing in; forged tokens are refused', async () => {
    // A week passed in the clock: the session of the first test expired.
    reader = await t.login('reader@example.com', TEST_PASSWORD);
    const text = readableText(smtp.inbox[0]!.raw);
    const match = /\/video-idea\/unsubscribe\?token=([\w.%-]+)/.exec(text);
    expect(match, text).not.toBeNull();
    const token = decodeURIComponent(match![1]!);

    // Forgeries: a changed signature, and the reader's signature on another channel.
    const [userId, channelId, mac] = token.split('.');
    const flipped = mac!.startsWith('A') ? `B${mac!.slice(1)}` : `A${mac!.slice(1)}`;
    for (const forged of [
      `${userId}.${channelId}.${flipped}`,
      `${userId}.${bakeId}.${mac}`,
      `${userId}.${channelId}`,
      'not-a-token-at-all',
    ]) {
      const res = await unsubscribe(forged);
      expect(res.statusCode, forged).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('invalid-token');
    }
    expect(await weeklyOf(reader)).toEqual({ 'Bake Lab': false, 'Camp Kitchen': true });

    const res = await unsubscribe(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ channelName: 'Camp Kitchen' });
    expect(await weeklyOf(reader)).toEqual({ 'Bake Lab': false, 'Camp Kitchen': false });

    clock.advance(8 * 24 * 3600);
    expect((await t.services.ideaInbox.sendWeekly()).sent).toBe(0);
  });

  it('limits unsubscribe attempts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= UNSUBSCRIBE_LIMIT.max; i += 1)
      statuses.push((await unsubscribe('forged.token.value', '10.8.0.1')).statusCode);
    expect(statuses.slice(0, UNSUBSCRIBE_LIMIT.max).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('is scheduled weekly by a pg-boss job', () => {
    const definitions = jobDefinitions({ ...t.services });
    expect(definitions.weeklyIdeas.name).toBe('ideas.weekly-email');
    expect(definitions.weeklyIdeas.schedule?.cron).toMatch(/^\S+ \S+ \* \* [0-6]$/);
  });
});
