import { describe, expect, it } from 'vitest';
import { createLogger } from '../compose.ts';
import { createTestApp, testBackends } from '../testing/test-app.ts';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides the values of sensitive query parameters and keeps the rest', () => {
    expect(redactUrl('/set-password?token=abc123')).toBe('/set-password?token=[redacted]');
    expect(redactUrl('/oauth/youtube/callback?state=s1&code=4/0Ab&scope=x')).toBe(
      '/oauth/youtube/callback?state=[redacted]&code=[redacted]&scope=x',
    );
    expect(redactUrl('/a?Token=x&%74oken=y&page=2&q=cats')).toBe(
      '/a?Token=[redacted]&%74oken=[redacted]&page=2&q=cats',
    );
    expect(redactUrl('/a?access_token=x&api_key=y&flag')).toBe(
      '/a?access_token=[redacted]&api_key=[redacted]&flag',
    );
    expect(redactUrl('/api/public/onboarding/x/keyword-suggestions?sessionId=abc&q=1')).toBe(
      '/api/public/onboarding/x/keyword-suggestions?sessionId=[redacted]&q=1',
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/a?%E0%A4%A=1&token=2')).toBe('/a?%E0%A4%A=1&token=[redacted]');
  });
});

describe.each(testBackends())('request logs (%s)', (backend) => {
  it('never contain reset tokens, OAuth codes, onboarding session ids, cookies or passwords', async () => {
    const lines: string[] = [];
    const probe = await createTestApp(backend);
    const config = { ...probe.config, env: { ...probe.config.env, LOG_LEVEL: 'info' as const } };
    await probe.close();
    const logger = createLogger(config, { write: (line: string) => lines.push(line) });
    const t = await createTestApp(backend, { logger });
    try {
      await t.app.inject({ method: 'GET', url: '/set-password?token=RESET-TOKEN-VALUE' });
      await t.app.inject({
        method: 'GET',
        url: '/api/nope?code=OAUTH-CODE-VALUE&state=STATE-VALUE',
      });
      await t.app.inject({
        method: 'GET',
        url: '/api/public/onboarding/00000000-0000-4000-8000-000000000000?sessionId=6c0a7e52-5e55-4d1e-9c1d-5e5510ab1d00',
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/users/set-password',
        headers: { 'content-type': 'application/json', cookie: 'tw_session=COOKIE-VALUE' },
        payload: JSON.stringify({ token: 'BODY-TOKEN-VALUE', password: 'PASSWORD-VALUE-long' }),
      });
    } finally {
      await t.close();
    }
    const log = lines.join('\n');
    expect(log).toContain('/set-password?token=[redacted]');
    expect(log).toContain('incoming request');
    expect(log).not.toMatch(
      /RESET-TOKEN|OAUTH-CODE|STATE-VALUE|COOKIE-VALUE|BODY-TOKEN|PASSWORD-VALUE|5e5510ab1d00/,
    );
  });
});
