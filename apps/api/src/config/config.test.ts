import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from './config.ts';
import { TEST_PRODUCTION_STRIPE_ENV } from '../testing/test-app.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dirs: string[] = [];
/** A fresh data directory, removed after the test. */
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs loadConfig and returns the ConfigError it throws. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

/** KEY=value lines of an env file (comments and blanks skipped). */
function parseEnvFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) out[match[1]!] = match[2]!;
  }
  return out;
}

describe('loadConfig', () => {
  it('lists every problem of an invalid environment at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      NODE_ENV: 'staging',
      SUPPORT_EMAIL: 'not-an-address',
      ENCRYPTION_KEY: 'abc',
      DATABASE_URL: 'not a url',
      LOG_LEVEL: 'loud',
      ONLY_V2: 'maybe',
      DEMO_USER_PASSWORD: 'short',
    });
    const fields = problems.map((p) => p.split(':')[0]).sort();
    expect(fields).toEqual(
      [
        'DATABASE_URL',
        'DEMO_USER_PASSWORD',
        'ENCRYPTION_KEY',
        'LOG_LEVEL',
        'NODE_ENV',
        'ONLY_V2',
        'PORT',
        'SUPPORT_EMAIL',
      ].sort(),
    );
    expect(problems.find((p) => p.startsWith('ENCRYPTION_KEY'))).toMatch(/64 hex characters/);
  });

  it('says which secrets production needs with DATABASE_URL, together with other problems', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/tubewise',
      SMTP_URL: 'smtp://mail.example.com:587',
      ...TEST_PRODUCTION_STRIPE_ENV,
    };
    expect(problemsOf(production)).toEqual([
      'SESSION_SECRET: required in production with DATABASE_URL',
      'ENCRYPTION_KEY: required in production with DATABASE_URL',
    ]);
    const more = problemsOf({ ...production, PORT: '-1' });
    expect(more.map((p) => p.split(':')[0]).sort()).toEqual(
      ['ENCRYPTION_KEY', 'PORT', 'SESSION_SECRET'].sort(),
    );
    const error = (() => {
      try {
        loadConfig({ DATA_DIR: dataDir(), ...production, PORT: '-1' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/^Invalid configuration:\n {2}- /);
    // Production with both secrets starts.
    const ok = loadConfig({
      DATA_DIR: dataDir(),
      ...production,
      SESSION_SECRET: 's'.repeat(40),
      ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(ok.embedded).toBe(false);
  });

  it('needs a model with LLM_BASE_URL, and LLM_BASE_URL with a model or key', () => {
    expect(problemsOf({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toEqual([
      'LLM_MODEL: required with LLM_BASE_URL',
    ]);
    expect(problemsOf({ LLM_MODEL: 'gpt-4.1-mini', LLM_API_KEY: 'sk-x' })).toEqual([
      'LLM_API_KEY: set LLM_BASE_URL too (unset, the built-in emulator answers)',
      'LLM_MODEL: set LLM_BASE_URL too (unset, the built-in emulator answers)',
    ]);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
      LLM_MODEL: 'llama3.1',
    });
    expect(config.llm).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'unused',
      model: 'llama3.1',
      usesEmulator: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '4100' }).llm).toMatchObject({
      baseUrl: 'http://127.0.0.1:4100/emulator/v1',
      model: 'tubewise-emulator-deterministic-1',
      usesEmulator: true,
    });
  });

  it('refuses to start production without a way to deliver e-mail, unless e-mail is disabled', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/tubewise',
      SESSION_SECRET: 's'.repeat(40),
      ENCRYPTION_KEY: 'ab'.repeat(32),
      ...TEST_PRODUCTION_STRIPE_ENV,
    };
    const refused = problemsOf(production);
    expect(refused).toEqual([
      'SMTP_URL: required in production (password-reset and invitation e-mails); ' +
        'set MAIL_DISABLED=true to run without sending any e-mail',
    ]);
    // Embedded production too: the rule is about mail, not about the database.
    expect(problemsOf({ NODE_ENV: 'production', ...TEST_PRODUCTION_STRIPE_ENV })).toEqual(refused);

    const withSmtp = loadConfig({
      DATA_DIR: dataDir(),
      ...production,
      SMTP_URL: 'smtp://mail.example.com:587',
    });
    expect(withSmtp.mail).toEqual({ delivery: 'smtp', mailbox: 'off' });
    const disabled = loadConfig({ DATA_DIR: dataDir(), ...production, MAIL_DISABLED: 'true' });
    expect(disabled.mail).toEqual({ delivery: 'disabled', mailbox: 'off' });
  });

  it("refuses production without Stripe, and a real Stripe key without every plan's price", () => {
    expect(problemsOf({ NODE_ENV: 'production', MAIL_DISABLED: 'true' })).toEqual([
      "STRIPE_SECRET_KEY: required in production (payments); the built-in emulator's Stripe " +
        'would let anyone pay with a test card',
    ]);
    expect(
      problemsOf({
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PRICE_IDS: 'creator.month=price_1,pro.year=price_1,gold.month=price_2',
      }),
    ).toEqual([
      'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (webhooks are verified)',
      'STRIPE_PRICE_IDS: "gold.month=price_2" is not plan.interval=price_id (plans: creator, pro, agency; intervals: month, year)',
      'STRIPE_PRICE_IDS: required with STRIPE_SECRET_KEY; missing creator.year, pro.month, agency.month, agency.year',
      'STRIPE_PRICE_IDS: each plan and interval needs a price of its own',
    ]);
    // Without a key the emulator answers: Stripe settings alone would be silently unused.
    expect(problemsOf({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toEqual([
      'STRIPE_WEBHOOK_SECRET: set STRIPE_SECRET_KEY too (unset, the built-in emulator answers)',
    ]);
    const config = loadConfig({ DATA_DIR: dataDir(), ...TEST_PRODUCTION_STRIPE_ENV });
    expect(config.stripe).toMatchObject({
      usesEmulator: false,
      host: '127.0.0.1',
      port: 1,
      protocol: 'http',
    });
    expect(config.stripe.priceIds.agency.year).toBe('price_a_y');
    const embedded = loadConfig({ DATA_DIR: dataDir(), PORT: '4321' });
    expect(embedded.stripe).toMatchObject({ usesEmulator: true, host: '127.0.0.1', port: 4321 });
  });

  it('refuses DEV_MAILBOX=true in production, and contradictory mail settings anywhere', () => {
    expect(
      problemsOf({
        NODE_ENV: 'production',
        ...TEST_PRODUCTION_STRIPE_ENV,
        SMTP_URL: 'smtp://mail.example.com:587',
        DEV_MAILBOX: 'true',
      }),
    ).toEqual([
      'DEV_MAILBOX: refused in production (it shows password-reset links)',
      'DEV_MAILBOX: shows undelivered mail, so it cannot be used with SMTP_URL',
    ]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        ...TEST_PRODUCTION_STRIPE_ENV,
        MAIL_DISABLED: '1',
        DEV_MAILBOX: 'yes',
      }),
    ).toEqual([
      'DEV_MAILBOX: refused in production (it shows password-reset links)',
      'DEV_MAILBOX: shows undelivered mail, so it cannot be used with MAIL_DISABLED',
    ]);
    expect(problemsOf({ SMTP_URL: 'smtp://mail.example.com', MAIL_DISABLED: 'true' })).toEqual([
      'MAIL_DISABLED: contradicts SMTP_URL (set one of them)',
    ]);
    expect(problemsOf({ DEV_MAILBOX: 'sometimes' })[0]).toMatch(/^DEV_MAILBOX:/);
  });

  it('opens the dev mailbox only in the embedded default or behind DEV_MAILBOX=true', () => {
    const mailOf = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir(), ...env }).mail;
    // Embedded development: a signed-in person on this machine.
    expect(mailOf({})).toEqual({ delivery: 'outbox', mailbox: 'signed-in' });
    expect(mailOf({ NODE_ENV: 'test' })).toEqual({ delivery: 'outbox', mailbox: 'signed-in' });
    // PostgreSQL may be a shared server: the outbox stays unread unless asked for.
    const postgres = { DATABASE_URL: 'postgres://db/tubewise' };
    expect(mailOf(postgres)).toEqual({ delivery: 'outbox', mailbox: 'off' });
    expect(mailOf({ ...postgres, DEV_MAILBOX: 'true' })).toEqual({
      delivery: 'outbox',
      mailbox: 'loopback',
    });
    expect(mailOf({ DEV_MAILBOX: 'true' }).mailbox).toBe('loopback');
    expect(mailOf({ DEV_MAILBOX: 'false' }).mailbox).toBe('off');
    expect(mailOf({ DEV_MAILBOX: '' }).mailbox).toBe('signed-in');
    expect(mailOf({ SMTP_URL: 'smtp://mail.example.com' })).toEqual({
      delivery: 'smtp',
      mailbox: 'off',
    });
  });

  it('has the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      MAIL_FROM: 'Tubewise <no-reply@tubewise.local>',
      ONLY_V2: false,
      SUPPORT_EMAIL: 'support@tubewise.local',
      PRODUCT_NAME: 'Tubewise',
      DEMO_USER_EMAIL: 'demo@tubewise.local',
      DEMO_USER_PASSWORD: 'tubewise-demo',
      TRUST_PROXY: false,
      MAIL_DISABLED: false,
      LOG_LEVEL: 'info',
      FEATURE_NEW_OPTIMIZE_PAGE: false,
      FEATURE_SHORTS: true,
      FEATURE_HTTP_RETRY: true,
    });
    expect(config.env.DEV_MAILBOX).toBeUndefined();
    expect(config.embedded).toBe(true);
    expect(config.dataDir).toBe(dir);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it("gives Search Console the emulator's second client, its own one, or none (shared)", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).platform.searchConsoleClient).toEqual({
      id: 'tubewise-emulator-search-console',
      secret: 'tubewise-emulator-search-console-secret',
    });
    const google = { DATA_DIR: dir, GOOGLE_CLIENT_ID: 'yt', GOOGLE_CLIENT_SECRET: 'yt-secret' };
    expect(loadConfig(google).platform.searchConsoleClient).toBeNull();
    expect(
      loadConfig({
        ...google,
        SEARCH_CONSOLE_CLIENT_ID: 'sc',
        SEARCH_CONSOLE_CLIENT_SECRET: 'sc-secret',
      }).platform.searchConsoleClient,
    ).toEqual({ id: 'sc', secret: 'sc-secret' });
    expect(() => loadConfig({ ...google, SEARCH_CONSOLE_CLIENT_ID: 'sc' })).toThrow(
      /SEARCH_CONSOLE_CLIENT_SECRET: set both or neither/,
    );
  });

  it('documents every variable in .env.example and the README, with the defaults as values', () => {
    const example = parseEnvFile(path.join(repoRoot, '.env.example'));
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    for (const name of Object.keys(envSchema.shape)) {
      expect(example, `.env.example lacks ${name}`).toHaveProperty(name);
      expect(readme, `README.md does not mention ${name}`).toContain(name);
    }
    for (const name of Object.keys(example)) {
      expect(envSchema.shape, `.env.example has unknown ${name}`).toHaveProperty(name);
    }
    // Loading the example file as it stands gives the same settings as an empty environment.
    const dir = dataDir();
    expect(loadConfig({ ...example, DATA_DIR: dir }).env).toEqual(
      loadConfig({ DATA_DIR: dir }).env,
    );
  });

  it('has no setting that nothing reads (each is read somewhere in the API besides its schema line)', () => {
    const apiSource = path.join(repoRoot, 'apps/api/src');
    const code = readdirSync(apiSource, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) => readFileSync(path.join(apiSource, file), 'utf8').split('\n'))
      // Not the schema's declarations, not comments.
      .filter((line) => !/^\s+[A-Z0-9_]+: /.test(line) && !/^\s*(\/\/|\*|\/\*\*)/.test(line))
      .join('\n');
    const unread = Object.keys(envSchema.shape).filter(
      (name) => !new RegExp(`\\b${name}\\b`).test(code),
    );
    expect(unread).toEqual([]);
  });

  it('treats empty values as unset, parses switches, and secures cookies off localhost', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://app.tubewise.example/',
      SMTP_URL: '',
      ENCRYPTION_KEY: '',
      ONLY_V2: 'yes',
      FEATURE_SHORTS: '0',
      FEATURE_NEW_OPTIMIZE_PAGE: '1',
    });
    expect(config.publicUrl).toBe('https://app.tubewise.example');
    expect(config.secureCookies).toBe(true);
    expect(config.env.SMTP_URL).toBeUndefined();
    expect(config.env.ONLY_V2).toBe(true);
    expect(config.env.FEATURE_SHORTS).toBe(false);
    expect(config.env.FEATURE_NEW_OPTIMIZE_PAGE).toBe(true);
    for (const local of ['http://localhost:5173', 'http://127.0.0.1:3000']) {
      expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: local }).secureCookies).toBe(false);
    }
  });

  it('defaults keyword data to the embedded emulator, and needs credentials for a real provider', () => {
    const embedded = loadConfig({ DATA_DIR: dataDir(), PORT: '4000' }).keywordData;
    expect(embedded).toEqual({
      url: 'http://127.0.0.1:4000/emulator',
      login: 'tubewise-emulator',
      password: 'tubewise-emulator-secret',
      ttlHours: 168,
      usesEmulator: true,
      sourceName: 'Tubewise emulator (DataForSEO format)',
    });
    expect(problemsOf({ KEYWORD_DATA_URL: 'https://api.dataforseo.com' })).toEqual([
      'KEYWORD_DATA_LOGIN: required with KEYWORD_DATA_URL',
      'KEYWORD_DATA_PASSWORD: required with KEYWORD_DATA_URL',
    ]);
    expect(problemsOf({ KEYWORD_DATA_TTL_HOURS: '0' })[0]).toMatch(/^KEYWORD_DATA_TTL_HOURS:/);
    const real = loadConfig({
      DATA_DIR: dataDir(),
      KEYWORD_DATA_URL: 'https://api.dataforseo.com/',
      KEYWORD_DATA_LOGIN: 'me@example.com',
      KEYWORD_DATA_PASSWORD: 'api-password',
      KEYWORD_DATA_TTL_HOURS: '24',
    }).keywordData;
    expect(real).toMatchObject({
      url: 'https://api.dataforseo.com',
      login: 'me@example.com',
      ttlHours: 24,
      usesEmulator: false,
    });
  });

  it('generates the secrets once under DATA_DIR and reuses them on the next start', () => {
    const dir = path.join(dataDir(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, 'secrets.json');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey.length).toBe(32);

    const second = loadConfig({ DATA_DIR: dir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);

    const elsewhere = loadConfig({ DATA_DIR: dataDir() });
    expect(elsewhere.sessionSecret).not.toBe(first.sessionSecret);
  });

  it('uses secrets from the environment over the stored ones, and stores none when both are given', () => {
    const dir = dataDir();
    const key = 'cd'.repeat(32);
    const config = loadConfig({
      DATA_DIR: dir,
      SESSION_SECRET: 'from-the-env',
      ENCRYPTION_KEY: key,
    });
    expect(config.sessionSecret).toBe('from-the-env');
    expect(config.encryptionKey.toString('hex')).toBe(key);
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(false);

    const stored = { sessionSecret: 'stored-secret', encryptionKey: 'ef'.repeat(32) };
    writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify(stored));
    const mixed = loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'from-the-env' });
    expect(mixed.sessionSecret).toBe('from-the-env');
    expect(mixed.encryptionKey.toString('hex')).toBe(stored.encryptionKey);
  });
});
