/**
 * Fresh people for journeys that need an account of their own (per-person limits, their own
 * mail). There is no sign-up, so the product's own path makes one: the demo account shares a
 * channel with a new address, the set-password link is read from the dev mailbox, and the
 * sharing is then undone, so the person has an account with a password and no channel.
 */
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEMO } from './app.ts';

/** A person's sign-in. */
export interface Person {
  email: string;
  password: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Polls the dev mailbox (signed out, DEV_MAILBOX=true) for the newest message to `to`. */
async function newestMessageTo(api: APIRequestContext, to: string): Promise<string> {
  const row = new RegExp(`<td>${escapeRegExp(to)}</td><td><a href="/dev/mailbox/([0-9a-f-]+)">`);
  let id: string | undefined;
  await expect(async () => {
    const res = await api.get('/dev/mailbox');
    expect(res.ok(), `GET /dev/mailbox: ${res.status()}`).toBe(true);
    id = row.exec(await res.text())?.[1];
    expect(id, `no e-mail to ${to} yet`).toBeDefined();
  }).toPass({ timeout: 20_000 });
  const res = await api.get(`/dev/mailbox/${id}`);
  expect(res.ok()).toBe(true);
  return res.text();
}

/** Creates a new person with a password and no channel; `label` goes into the address. */
export async function createPerson(baseURL: string, label: string): Promise<Person> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const person = {
    email: `e2e-${label}-${stamp}@example.test`,
    password: `e2e ${label} ${stamp} quiet meadow`,
  };
  const demo = await playwrightRequest.newContext({ baseURL });
  const visitor = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await demo.post('/api/users/login', {
      data: { email: DEMO.email, password: DEMO.password },
    });
    expect(login.ok(), await login.text()).toBe(true);
    const channels = await demo.get('/api/users/me/channels');
    const channelId = ((await channels.json()) as { myChannels: { id: string }[] }).myChannels[0]
      ?.id;
    expect(channelId, 'the demo account owns a channel').toBeDefined();
    const invite = await demo.post(`/api/channels/${channelId}/members`, {
      data: { email: person.email },
    });
    expect(invite.status(), await invite.text()).toBe(201);

    const mail = await newestMessageTo(visitor, person.email);
    const token = /\/set-password\?token=([^"&<\s]+)/.exec(mail)?.[1];
    expect(token, 'the invitation carries a set-password link').toBeDefined();
    const set = await visitor.post('/api/users/set-password', {
      data: { token: decodeURIComponent(token!), password: person.password },
    });
    expect(set.ok(), await set.text()).toBe(true);

    const removed = await demo.delete(
      `/api/channels/${channelId}/members/${encodeURIComponent(person.email)}`,
      // Every state-changing call is JSON, even without a body.
      { headers: { 'content-type': 'application/json' } },
    );
    expect(removed.ok(), await removed.text()).toBe(true);
    return person;
  } finally {
    await demo.dispose();
    await visitor.dispose();
  }
}
