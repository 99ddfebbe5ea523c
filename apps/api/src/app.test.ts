import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfig, routes as contractRoutes, type RouteDef } from '@tubewise/contract';
import type { Db } from './db/client.ts';
import { buildApp } from './app.ts';
import { createTestApp, testBackends, TEST_PASSWORD, type TestApp } from './testing/test-app.ts';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div>tubewise-spa</body></html>';

describe.each(testBackends())('app basics (%s)', (backend) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'tw-web-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("app")');
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp(backend, {
      webDist,
      env: { PRODUCT_NAME: 'Tubewise Test', ONLY_V2: 'true', SUPPORT_EMAIL: 'help@example.com' },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers the liveness and readiness probes', async () => {
    const health = await get('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('reports not ready (503 envelope) while draining or when the database is unreachable', async () => {
    const deps = { config: t.config, services: t.services, logger: t.logger };
    const draining = await buildApp({ ...deps, db: t.database.db, isShuttingDown: () => true });
    const brokenDb = { execute: () => Promise.reject(new Error('connection refused')) };
    const noDb = await buildApp({ ...deps, db: brokenDb as unknown as Db });
    try {
      for (const app of [draining, noDb]) {
        const res = await app.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json().error.code).toBe('unavailable');
        expect(res.body).not.toContain('connection refused');
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      }
    } finally {
      await draining.close();
      await noDb.close();
    }
  });

  it('serves the OpenAPI UI at /api/docs and a document listing every registered call', async () => {
    const ui = await get('/api/docs');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/^text\/html/);
    expect(ui.body).toMatch(/swagger/i);

    const doc = await get('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const spec = doc.json() as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { summary?: string; requestBody?: unknown }>>;
    };
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.info.title).toBe('Tubewise Test API');
    const registered = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    let listed = 0;
    for (const def of Object.values(contractRoutes) as RouteDef[]) {
      if (!registered.has(`${def.method} ${def.path}`)) continue;
      const openApiPath = def.path.replace(/:(\w+)/g, '{$1}');
      const operation = spec.paths[openApiPath]?.[def.method.toLowerCase()];
      expect(
        operation,
        `${def.method} ${def.path} missing from the OpenAPI document`,
      ).toBeDefined();
      expect(operation!.summary).toBe(def.summary);
      if (def.body) expect(operation!.requestBody, def.path).toBeDefined();
      listed++;
    }
    expect(listed).toBeGreaterThanOrEqual(14);
    // Probes and the dev mailbox are not part of the API.
    for (const hidden of ['/healthz', '/readyz', '/dev/mailbox']) {
      expect(spec.paths).not.toHaveProperty(hidden);
    }
  });

  it('echoes a well-formed x-request-id, and replaces a malformed one', async () => {
    const echoed = await get('/api/users/me', { 'x-request-id': 'trace-abc_123' });
    expect(echoed.headers['x-request-id']).toBe('trace-abc_123');
    expect(echoed.json().error.requestId).toBe('trace-abc_123');
    for (const bad of ['has spaces in it', 'x'.repeat(65), 'semi;colon']) {
      const res = await get('/healthz', { 'x-request-id': bad });
      expect(res.headers['x-request-id']).not.toBe(bad);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const generated = await get('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the public configuration in its contract shape, with no secrets', async () => {
    const res = await get('/api/public/config');
    expect(res.statusCode).toBe(200);
    const body = publicConfig.strict().parse(res.json());
    expect(body).toEqual({
      productName: 'Tubewise Test',
      supportEmail: 'help@example.com',
      onlyV2: true,
      features: { newOptimizePage: false, shorts: true, httpRetry: true },
      devMailbox: true,
      limits: { ideaSeedsMax: 10, thumbnailMaxBytes: 2 * 1024 * 1024 },
    });
    expect(res.body).not.toContain(t.config.sessionSecret);
  });

  it('sends the security headers', async () => {
    for (const url of ['/api/public/config', '/some/client/route', '/api/nope']) {
      const res = await get(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
      // Plain http on localhost: no HSTS (it would pin the dev host to https).
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('serves index.html for client routes, and the 404 envelope for API paths and missing files', async () => {
    for (const url of [
      '/',
      '/ideation/discover',
      '/account/settings?tab=email',
      '/channels/x/y',
      '/optimization/some-video',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('tubewise-spa');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/reporting/overview' });
    expect(head.statusCode).toBe(200);

    const asset = await get('/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await get('/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');

    for (const url of [
      '/api/unknown',
      '/api/users/unknown',
      '/accounts/unknown',
      '/optimization/channels/unknown',
      '/emulator/unknown',
      '/yt/unknown',
      '/oauth/unknown',
      '/dev/unknown',
      '/assets/missing.js',
      '/missing.png',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: 'not-found' } });
      expect(res.body, url).not.toContain('tubewise-spa');
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/ideation/discover',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not-found');
  });
});

describe.each(testBackends())('app behind a public https origin (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { env: { PUBLIC_URL: 'https://app.tubewise.example' } });
    await t.createUser('hana@example.com');
  });
  afterAll(() => t.close());

  it('marks session cookies Secure and HttpOnly, sends HSTS, and only trusts its own origin', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json', origin: 'https://app.tubewise.example' },
      payload: JSON.stringify({ email: 'hana@example.com', password: TEST_PASSWORD }),
    });
    expect(login.statusCode).toBe(200);
    const cookies = login.cookies as { name: string; secure?: boolean; httpOnly?: boolean }[];
    // The session, the refresh token and the known-browser cookie.
    expect(cookies.map((c) => c.name).sort()).toEqual(['tw_device', 'tw_refresh', 'tw_session']);
    for (const c of cookies) {
      expect(c.secure, c.name).toBe(true);
      expect(c.httpOnly, c.name).toBe(true);
    }
    expect(login.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(login.headers['content-security-policy'])).toContain('upgrade-insecure-requests');

    const fromLocalhost = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: JSON.stringify({ email: 'hana@example.com', password: TEST_PASSWORD }),
    });
    expect(fromLocalhost.statusCode).toBe(403);
    expect(fromLocalhost.json().error.code).toBe('cross-origin');
  });
});
