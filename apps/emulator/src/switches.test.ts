// Test switches: latency, seeded 5xx answers, quota exhaustion, revocation, forbidden channels, reset.
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT_CREATOR } from './accounts.ts';
import type { Emulator } from './emulator.ts';
import { apiGet, authorize, REDIRECT_URI, startEmulator, tokenRequest } from './testing/harness.ts';

describe('switches', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let token: string;

  beforeEach(async () => {
    ({ app, emulator } = await startEmulator());
    token = (await authorize(app)).access_token;
  });

  const post = (path: string, body: object) =>
    app.inject({ method: 'POST', url: `/emulator/_emulator/${path}`, payload: body });

  it('adds latency', async () => {
    expect((await post('latency', { ms: 60 })).statusCode).toBe(200);
    const start = performance.now();
    await apiGet(app, '/youtube/v3/i18nLanguages?part=snippet', token);
    expect(performance.now() - start).toBeGreaterThanOrEqual(55);
  });

  it('delays one method before it is handled or after it was applied, and counts its calls', async () => {
    const id = emulator.state.corpus.uploads('UCtw0demo00000000000001')[0]!;
    const update = (title: string) =>
      app.inject({
        method: 'PUT',
        url: '/emulator/youtube/v3/videos?part=snippet',
        headers: { authorization: `Bearer ${token}` },
        payload: { id, snippet: { title, categoryId: '22' } },
      });
    const calls = () => emulator.control.state().switches.calls['videos.update'];
    const after = await post('latency', { ms: 300, method: 'videos.update', phase: 'after' });
    expect(after.json().methodLatency).toEqual({ 'videos.update': { ms: 300, phase: 'after' } });
    // `after`: the change is applied while the answer is still held.
    const held = update('Applied, answer held');
    await vi.waitFor(() => expect(calls()).toEqual({ started: 1, applied: 1 }));
    expect(emulator.state.corpus.getVideo(id)!.title).toBe('Applied, answer held');
    expect((await held).statusCode).toBe(200);
    // `before`: nothing is applied until the latency has passed.
    await post('latency', { ms: 300, method: 'videos.update', phase: 'before' });
    const waiting = update('Applied after the wait');
    await vi.waitFor(() => expect(calls()).toEqual({ started: 2, applied: 1 }));
    expect(emulator.state.corpus.getVideo(id)!.title).toBe('Applied, answer held');
    expect((await waiting).statusCode).toBe(200);
    expect(calls()).toEqual({ started: 2, applied: 2 });
    // Other methods are not counted as this one, nor delayed by it.
    await apiGet(app, '/youtube/v3/i18nLanguages?part=snippet', token);
    expect(emulator.control.state().switches.calls['i18nLanguages.list']).toEqual({
      started: 1,
      applied: 1,
    });
    await post('latency', { ms: 0, method: 'videos.update' });
    expect(emulator.control.state().switches.methodLatency).toEqual({});
    await post('reset', {});
    expect(emulator.control.state().switches.calls).toEqual({});
  });

  it('answers a seeded share of calls with real 500/503 backendError bodies, replayably', async () => {
    const run = async () => {
      await post('failures', { rate: 0.5, seed: 'abc' });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++)
        statuses.push((await apiGet(app, '/youtube/v3/i18nLanguages?part=snippet', token)).status);
      return statuses;
    };
    const first = await run();
    expect(first.filter((s) => s >= 500).length).toBeGreaterThan(3);
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(3);
    expect(await run()).toEqual(first);
    emulator.control.setFailureRate(1);
    const failed = await apiGet(app, '/youtube/v3/i18nLanguages?part=snippet', token);
    expect((failed.body.error as { errors: { reason: string }[] }).errors[0]!.reason).toBe(
      'backendError',
    );
  });

  it('quota exhaustion on and off', async () => {
    await post('quota-exhausted', { exhausted: true });
    expect((await apiGet(app, '/youtube/v3/videos?part=id&id=x', token)).status).toBe(403);
    await post('quota-exhausted', { exhausted: false });
    expect((await apiGet(app, '/youtube/v3/videos?part=id&id=x', token)).status).toBe(200);
  });

  it('revokes a refresh token or every token of an account', async () => {
    const a = await authorize(app);
    const b = await authorize(app, { channelId: 'UCtw0demo00000000000002' });
    expect((await post('revoke', { refreshToken: a.refresh_token })).json()).toEqual({
      revoked: 1,
    });
    const refresh = (t: string) =>
      tokenRequest(app, {
        client_id: 'tubewise-emulator-client',
        client_secret: 'tubewise-emulator-secret',
        grant_type: 'refresh_token',
        refresh_token: t,
      });
    expect((await refresh(a.refresh_token)).body.error).toBe('invalid_grant');
    expect((await refresh(b.refresh_token)).status).toBe(200);
    expect(
      (await post('revoke', { account: DEMO_ACCOUNT_CREATOR.email })).json().revoked,
    ).toBeGreaterThanOrEqual(1);
    expect((await refresh(b.refresh_token)).body.error).toBe('invalid_grant');
    void REDIRECT_URI;
  });

  it('makes a channel forbidden', async () => {
    await post('forbidden', { channelId: 'UCtw0demo00000000000001', forbidden: true });
    const res = await apiGet(app, '/youtube/v3/channels?part=id&mine=true', token);
    expect(res.status).toBe(403);
    await post('forbidden', { channelId: 'UCtw0demo00000000000001', forbidden: false });
    expect((await apiGet(app, '/youtube/v3/channels?part=id&mine=true', token)).status).toBe(200);
  });

  it('validates control bodies and resets everything', async () => {
    expect((await post('latency', { ms: -1 })).statusCode).toBe(400);
    await post('quota-exhausted', { exhausted: true });
    const id = emulator.state.corpus.uploads('UCtw0demo00000000000001')[0]!;
    await app.inject({
      method: 'PUT',
      url: '/emulator/youtube/v3/videos?part=snippet',
      headers: { authorization: `Bearer ${token}` },
      payload: { id, snippet: { title: 'Changed', categoryId: '22' } },
    });
    expect((await post('reset', {})).json()).toEqual({ ok: true });
    const state = (await app.inject({ url: '/emulator/_emulator/state' })).json();
    expect(state.switches).toMatchObject({
      latencyMs: 0,
      failureRate: 0,
      quotaExhausted: false,
      forbiddenChannels: [],
    });
    expect(emulator.control.quotaLedger().today.units).toBe(0);
    expect((await apiGet(app, '/youtube/v3/channels?part=id&mine=true', token)).status).toBe(401);
  });

  it('adds a channel with N videos on demand, owned by a demo account', async () => {
    const res = await post('channels', {
      videoCount: 10_000,
      owner: DEMO_ACCOUNT_CREATOR.email,
      title: 'Bench 10k',
    });
    expect(res.statusCode).toBe(201);
    const start = performance.now();
    expect(emulator.state.corpus.uploads(res.json().id)).toHaveLength(10_000);
    expect(performance.now() - start).toBeLessThan(5000);
    const bench = await authorize(app, { channelId: res.json().id });
    const page = await apiGet(
      app,
      `/youtube/v3/playlistItems?part=contentDetails&playlistId=UU${res.json().id.slice(2)}&maxResults=50`,
      bench.access_token,
    );
    expect(page.body.pageInfo).toEqual({ totalResults: 10_000, resultsPerPage: 50 });
  });
});
