// API keys: the emulator's key (or the configured ones) works; any other key answers Google's
// 400 keyInvalid before anything is charged.
import { describe, expect, it } from 'vitest';
import { startEmulator } from './testing/harness.ts';

const SEARCH = '/emulator/youtube/v3/search?part=snippet&q=bread&maxResults=5';

describe('API keys', () => {
  it('answers an unknown key with the real 400 keyInvalid body, free of charge', async () => {
    const { app, emulator } = await startEmulator();
    const res = await app.inject({ url: `${SEARCH}&key=AIzaSy-not-a-key` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        errors: [
          {
            message: 'API key not valid. Please pass a valid API key.',
            domain: 'usageLimits',
            reason: 'keyInvalid',
          },
        ],
        status: 'INVALID_ARGUMENT',
      },
    });
    expect(emulator.control.quotaLedger().today).toMatchObject({ units: 0, searchCalls: 0 });
    const ok = await app.inject({ url: `${SEARCH}&key=tubewise-emulator-key` });
    expect(ok.statusCode).toBe(200);
  });

  it('accepts the configured keys only', async () => {
    const { app } = await startEmulator({ apiKeys: ['product-key'] });
    expect((await app.inject({ url: `${SEARCH}&key=product-key` })).statusCode).toBe(200);
    expect((await app.inject({ url: `${SEARCH}&key=tubewise-emulator-key` })).statusCode).toBe(400);
  });
});
