import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testBackends, type TestApp } from '../testing/test-app.ts';

const JS = `console.log(${JSON.stringify('tubewise '.repeat(200))});\n`;
const HTML = `<!doctype html><html><body><div id="root"></div>${'<!-- app -->'.repeat(50)}</body></html>`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe.each(testBackends())('static web assets arrive compressed (%s)', (backend) => {
  let t: TestApp;
  let webDist: string;
  const copies = new Map<string, { br: Buffer; gz: Buffer }>();

  beforeAll(async () => {
    // What the web build writes: each text file with its brotli and gzip copies beside it.
    webDist = mkdtempSync(path.join(tmpdir(), 'tw-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    for (const [file, text] of [
      ['assets/index-abc123.js', JS],
      ['index.html', HTML],
    ] as const) {
      const full = path.join(webDist, file);
      const c = { br: brotliCompressSync(text), gz: gzipSync(text) };
      writeFileSync(full, text);
      writeFileSync(`${full}.br`, c.br);
      writeFileSync(`${full}.gz`, c.gz);
      copies.set(file, c);
    }
    writeFileSync(path.join(webDist, 'bundle-report.json'), '{"routes":[]}');
    writeFileSync(path.join(webDist, 'bundle-report.json.gz'), gzipSync('{"routes":[]}'));
    t = await createTestApp(backend, { webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it.each([
    ['/assets/index-abc123.js', 'assets/index-abc123.js', JS, IMMUTABLE, 'javascript'],
    ['/index.html', 'index.html', HTML, 'no-cache', 'text/html'],
    // The SPA fallback for a client route is index.html, compressed the same way.
    ['/video-idea/discover', 'index.html', HTML, 'no-cache', 'text/html'],
  ])(
    '%s: brotli, then gzip, then identity by Accept-Encoding',
    async (url, file, text, cache, type) => {
      const c = copies.get(file)!;

      const br = await get(url, 'br, gzip');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(Number(br.headers['content-length'])).toBe(c.br.length);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(text);

      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(Number(gz.headers['content-length'])).toBe(c.gz.length);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(text);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(text);

      for (const res of [br, gz, plain]) {
        expect(res.headers['cache-control']).toBe(cache);
        expect(String(res.headers['content-type'])).toContain(type);
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      }
    },
  );

  it('marks the onboarding and shared report pages noindex, and no other page', async () => {
    for (const url of [
      '/onboarding',
      '/onboarding?token=abc',
      '/share/insights/AAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(HTML);
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    for (const url of ['/video-idea/discover', '/onboardings', '/login']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('serves neither the build report nor the compressed copies under their own names', async () => {
    for (const url of [
      '/bundle-report.json',
      '/bundle-report.json.gz',
      '/assets/index-abc123.js.br',
      '/assets/index-abc123.js.gz',
    ]) {
      expect((await get(url, 'br, gzip')).statusCode, url).toBe(404);
    }
  });
});
