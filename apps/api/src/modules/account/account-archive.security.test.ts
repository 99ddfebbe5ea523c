// The export download (GET /api/users/me/exports/:exportId/archive) is not a contract route (its
// answer is a ZIP), so the security walk skips it (EXCEPTIONS in http/security.test.ts); these
// are its own checks: signed out and forged sessions get the 401 envelope before the parameter
// is looked at, only the owner's ready export is served, every refusal is the envelope without
// a stack trace, and the answer is a download that is neither cached nor sniffed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { errorEnvelope, type AccountExport } from '@tubewise/contract';
import {
  createTestApp,
  testBackends,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';

describe.each(testBackends())('security: the export download (%s)', (backend) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  let exportId: string;

  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    t.app.inject({ method, url, headers } as InjectOptions);
  const archiveUrl = (id: string) => `/api/users/me/exports/${id}/archive`;
  const expectEnvelope = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const parsed = errorEnvelope.parse(res.json());
    expect(parsed.error.code).toBe(code);
    expect(parsed.error.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toMatch(/"stack"|\n\s+at |\.ts:\d+|node_modules/);
    return parsed.error;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.createUser('archive-owner@example.com');
    await t.createUser('archive-stranger@example.com');
    owner = await t.login('archive-owner@example.com', TEST_PASSWORD);
    stranger = await t.login('archive-stranger@example.com', TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/exports',
      headers: { cookie: owner, 'content-type': 'application/json' },
    });
    exportId = (res.json() as AccountExport).id;
    await t.services.accountExports.settled();
  });
  afterAll(() => t?.close());

  it('is registered as a signed-in GET (and HEAD) route', () => {
    const found = t.routes.filter((r) => r.url === '/api/users/me/exports/:exportId/archive');
    expect(found.map((r) => r.method).sort()).toEqual(['GET', 'HEAD']);
    expect(found.every((r) => r.auth)).toBe(true);
  });

  it('answers 401 with the envelope signed out, with a forged or oversized cookie, before the parameter', async () => {
    for (const id of [exportId, 'not-a-uuid', 'x'.repeat(200)]) {
      expectEnvelope(await get(archiveUrl(id)), 401, 'unauthorized');
      expectEnvelope(
        await get(archiveUrl(id), { cookie: 'tw_session=forged-token-value; tw_refresh=forged' }),
        401,
        'unauthorized',
      );
      expectEnvelope(
        await get(archiveUrl(id), { cookie: `tw_session=${'a'.repeat(4000)}` }),
        401,
        'unauthorized',
      );
    }
    expect((await get(archiveUrl(exportId), {}, 'HEAD')).statusCode).toBe(401);
  });

  it("answers another person's export with the same 404 as an unknown one", async () => {
    const theirs = expectEnvelope(
      await get(archiveUrl(exportId), { cookie: stranger }),
      404,
      'not-found',
    );
    const unknown = expectEnvelope(
      await get(archiveUrl('7a1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f'), { cookie: stranger }),
      404,
      'not-found',
    );
    expect(theirs.message).toBe(unknown.message);
  });

  it('refuses malformed and hostile ids with the envelope, never a 5xx', async () => {
    const hostile = [
      'not-a-uuid',
      "'; DROP TABLE account_exports; --",
      '%00',
      '%ED%A0%80',
      '..%2F..%2Fetc%2Fpasswd',
      encodeURIComponent('\u202Eoverride'),
      'x'.repeat(101),
    ];
    for (const id of hostile) {
      const res = await get(archiveUrl(id), { cookie: owner });
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
      expectEnvelope(res, res.statusCode, res.json().error.code);
    }
  });

  it('serves the owner a ZIP download that is neither cached nor sniffed', async () => {
    const res = await get(archiveUrl(exportId), { cookie: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tubewise-export-/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A ZIP starts with the local file header signature.
    expect(res.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304');
  });

  it('stops serving once the account signed out', async () => {
    const session = await t.login('archive-owner@example.com', TEST_PASSWORD);
    expect((await get(archiveUrl(exportId), { cookie: session })).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { cookie: session, 'content-type': 'application/json' },
    });
    expectEnvelope(await get(archiveUrl(exportId), { cookie: session }), 401, 'unauthorized');
  });
});
