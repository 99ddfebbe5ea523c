import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { loadConfig, type Config } from '../config/config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { compose, type ComposeOptions, type Composition } from '../compose.ts';
import { StripeGateway } from '../modules/billing/index.ts';

/** A database backend a test runs on. */
export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export function testBackends(): Backend[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Opens a fresh, empty database: in-memory PGlite, or a new PostgreSQL database. */
export async function openTestDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') return openDatabase({ kind: 'pglite' });
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is required for the postgres backend');
  const name = `tw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return database;
}

/** A route as the app registered it (collected with an onRoute hook). */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** `config.auth` of contract routes: a signed-in session is required. */
  auth: boolean;
  /** Whether the route validates a request body. */
  hasBody: boolean;
  /** The only content types a non-JSON route accepts (`config.contentTypes`), else undefined. */
  contentTypes?: readonly string[];
}

/** A running test app with helpers for signed-in requests. */
export interface TestApp extends Composition {
  app: FastifyInstance;
  config: Config;
  /** Every route the app registered, one entry per method (HEAD routes included). */
  routes: RegisteredRoute[];
  /** Signs in and returns the Cookie header value for later requests. */
  login(email: string, password: string): Promise<string>;
  /** Creates a user (with a password) and returns its id. */
  createUser(email: string, password?: string, extra?: { flags?: string }): Promise<string>;
}

/**
 * Stripe settings a production config needs (tests that start one in production never pay):
 * an unreachable API, so a stray call fails at once.
 */
export const TEST_PRODUCTION_STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_production_config',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_config',
  STRIPE_API_URL: 'http://127.0.0.1:1',
  STRIPE_PRICE_IDS:
    'creator.month=price_c_m,creator.year=price_c_y,pro.month=price_p_m,pro.year=price_p_y,' +
    'agency.month=price_a_m,agency.year=price_a_y',
} as const;

/** The password test users get unless told otherwise. */
export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * Builds the real app on a fresh database with the given environment overrides.
 * Pass `database` to share one database between apps (it is then left open on close).
 */
export async function createTestApp(
  backend: Backend,
  options: { env?: Record<string, string>; database?: Database } & Omit<
    ComposeOptions,
    'database'
  > = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tw-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openTestDatabase(backend));
  const routes: RegisteredRoute[] = [];
  const collect = (route: RouteOptions) => {
    const config = (route.config ?? {}) as { auth?: boolean; contentTypes?: readonly string[] };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        auth: config.auth === true,
        hasBody: Boolean(route.schema?.body),
        contentTypes: config.contentTypes,
      });
    }
  };
  const composition = await compose(config, {
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    jobs: false,
    // Each emulator builds a corpus; only tests that talk to it ask for one.
    emulator: false,
    webDist: path.join(dataDir, 'no-web'),
    // Stripe is nowhere unless a test brings the emulator's (a mounted emulator has one, at
    // the app's own port): otherwise a call is refused at once.
    ...(options.emulator
      ? {}
      : {
          billingGateway: new StripeGateway({
            secretKey: config.stripe.secretKey,
            webhookSecret: config.stripe.webhookSecret,
            host: '127.0.0.1',
            port: 1,
            protocol: 'http',
            maxNetworkRetries: 0,
          }),
        }),
    ...options,
    onRoute: (route) => {
      collect(route);
      options.onRoute?.(route);
    },
    database,
  });
  const app = composition.app!;
  await app.ready();
  return {
    ...composition,
    app,
    config,
    routes,
    async close() {
      await composition.close();
      if (ownsDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async login(email, password) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return cookieHeader(res);
    },
    async createUser(email, password = TEST_PASSWORD, extra = {}) {
      const { id } = await composition.services.users.ensureUser({
        email,
        password,
        name: 'Test User',
        ...extra,
      });
      return id;
    },
  };
}

/** Turns a response's Set-Cookie headers into a Cookie header value (dropping cleared ones). */
export function cookieHeader(res: LightMyRequestResponse, previous = ''): string {
  const jar = new Map<string, string>();
  for (const part of previous
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [k, ...v] = part.split('=');
    jar.set(k!, v.join('='));
  }
  for (const c of res.cookies as { name: string; value: string; expires?: Date }[]) {
    if (!c.value || (c.expires && c.expires.getTime() <= Date.now())) jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A controllable clock for tests of expiry and windows. */
export class TestClock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}
