// kill -9 of the API while it processes a Stripe webhook, with the emulator's Stripe in its own
// process (Stripe outlives the API), on PostgreSQL. The delivery got no answer, so Stripe
// delivers it again; the restarted API must apply it then, exactly once.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_PLANS } from '@tubewise/contract/billing-constants';
import { billingSubscriptions, stripeEvents, users } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, openTestDatabase, TEST_PASSWORD } from '../../testing/test-app.ts';
import {
  freePort,
  kill,
  needsPostgres,
  startNode,
  until,
  type Child,
} from '../../testing/processes.ts';

const SECRET_KEY = 'sk_test_kill';
const WEBHOOK_SECRET = 'whsec_kill_test';

/** `plan.interval` of one of the plans' default price ids. */
function priceName(priceId: string): string {
  for (const plan of PAID_PLANS)
    for (const interval of ['month', 'year'] as const)
      if (plan.stripePriceIds[interval] === priceId) return `${plan.id}.${interval}`;
  throw new Error(`No plan has ${priceId}`);
}

describe.runIf(needsPostgres('the webhook kill -9 test'))(
  'a Stripe webhook survives kill -9 (PostgreSQL)',
  () => {
    let emulator: Child;
    let api: Child | undefined;
    let database: Database;
    let databaseUrl: string;
    let emuRoot: string;
    let emuPort: number;
    let apiRoot: string;
    let apiEnv: Record<string, string>;
    let stripe: Stripe;
    let dataDir: string;

    const logs = () => [...emulator.output, '--- api ---', ...(api?.output ?? [])].join('');
    const startApi = async () => {
      api = startNode('apps/api/src/main.ts', apiEnv);
      await until(
        'the API to be ready',
        30_000,
        async () => (await fetch(`${apiRoot}/readyz`)).ok,
        logs,
      );
    };

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'tw-webhook-kill-'));
      emuPort = await freePort();
      const apiPort = await freePort();
      emuRoot = `http://127.0.0.1:${emuPort}`;
      apiRoot = `http://127.0.0.1:${apiPort}`;
      const prices = PAID_PLANS.flatMap((plan) =>
        (['month', 'year'] as const).map((interval) => ({
          id: plan.stripePriceIds[interval],
          productName: `Tubewise ${plan.name}`,
          unitAmount: plan.prices[interval],
          currency: plan.currency,
          interval,
        })),
      );
      emulator = startNode('apps/emulator/src/main.ts', {
        EMULATOR_PORT: String(emuPort),
        STRIPE_EMULATOR_SECRET_KEY: SECRET_KEY,
        STRIPE_EMULATOR_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_EMULATOR_WEBHOOK_URL: `${apiRoot}/api/billing/webhook`,
        STRIPE_EMULATOR_PRICES: JSON.stringify(prices),
        LOG_LEVEL: 'warn',
      });
      await until(
        'the emulator to listen',
        30_000,
        async () => {
          const res = await fetch(`${emuRoot}/v1/prices`, {
            headers: { authorization: `Bearer ${SECRET_KEY}` },
          });
          return res.ok;
        },
        () => emulator.output.join(''),
      );

      // The schema is created by a first, in-process app on the test database.
      database = await openTestDatabase('postgres');
      const setup = await createTestApp('postgres', { database });
      await setup.close();
      const [{ db: name }] = rowsOf<{ db: string }>(
        await database.db.execute(sql`select current_database() as db`),
      ) as [{ db: string }];
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      apiEnv = {
        NODE_ENV: 'test',
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: apiRoot,
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: emuRoot,
        STRIPE_PRICE_IDS: prices.map((p) => `${priceName(p.id)}=${p.id}`).join(','),
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
      };
      stripe = new Stripe(SECRET_KEY, {
        host: '127.0.0.1',
        port: emuPort,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      await startApi();
    }, 120_000);

    afterAll(async () => {
      await kill(api, 'SIGTERM');
      await kill(emulator, 'SIGTERM');
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("applies the event after the restart, once, from Stripe's retry", async () => {
      // An account that pays for Pro through the product's own Checkout call.
      const email = `kill-${randomBytes(3).toString('hex')}@example.com`;
      const [created] = await database.db
        .insert(users)
        .values({
          email,
          name: 'Kill Test',
          passwordHash: await hashPassword(TEST_PASSWORD),
          trialEndsAt: new Date(Date.now() + 14 * 86_400_000),
        })
        .returning();
      const userId = created!.id;
      const login = await fetch(`${apiRoot}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: apiRoot },
        body: JSON.stringify({ email, password: TEST_PASSWORD }),
      });
      expect(login.status, await login.clone().text()).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const checkout = await fetch(`${apiRoot}/api/billing/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: apiRoot, cookie },
        body: JSON.stringify({ plan: 'pro', interval: 'month' }),
      });
      expect(checkout.status, await checkout.clone().text()).toBe(200);
      const sessionId = new URL(((await checkout.json()) as { url: string }).url).pathname
        .split('/')
        .pop()!;
      const completed = await fetch(`${emuRoot}/_emulator/stripe/checkout/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId }),
      });
      expect(completed.status, await completed.clone().text()).toBe(200);
      const stored = () =>
        database.db
          .select()
          .from(billingSubscriptions)
          .where(eq(billingSubscriptions.userId, userId))
          .then((rows) => rows[0]);
      const active = await until('the subscription to arrive by webhook', 30_000, stored, logs);
      expect(active.planId).toBe('pro');
      const delivered = async () =>
        (
          (await (await fetch(`${emuRoot}/_emulator/stripe/webhooks`)).json()) as {
            pending: unknown[];
          }
        ).pending.length === 0;
      await until('the checkout events to be acknowledged', 30_000, delivered, logs);

      // Hold the account's subscription row, so the next event's write waits mid-processing.
      const holder = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select * from billing_subscriptions where user_id = $1 for update', [
          userId,
        ]);
        // Upgrade to Agency in Stripe (as the portal does): customer.subscription.updated.
        const subscription = await stripe.subscriptions.retrieve(active.stripeSubscriptionId);
        await stripe.subscriptions.update(subscription.id, {
          items: [
            { id: subscription.items.data[0]!.id, price: PAID_PLANS[2]!.stripePriceIds.month },
          ],
        });
        const pending = await until(
          'the update event to be stored and its write to wait',
          30_000,
          async () => {
            const rows = await database.db
              .select()
              .from(stripeEvents)
              .where(eq(stripeEvents.type, 'customer.subscription.updated'));
            const open = rows.find((r) => r.processedAt === null);
            if (!open) return undefined;
            const waiting = await holder.query(
              `select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query ilike '%billing_subscriptions%'`,
            );
            return (waiting.rows[0] as { n: number }).n > 0 ? open : undefined;
          },
          logs,
        );
        // The API is inside the event's processing: kill it with no chance to answer.
        await kill(api);
        api = undefined;
        await holder.query('rollback');
        // The API died unanswered: the event is not marked processed (its blocked statement may
        // still have landed in PostgreSQL after the lock was let go; the write is idempotent).
        const [unanswered] = await database.db
          .select()
          .from(stripeEvents)
          .where(eq(stripeEvents.id, pending.id));
        expect(unanswered?.processedAt).toBeNull();

        // Stripe retries the unanswered delivery; the restarted API processes it.
        await startApi();
        const event = await until(
          'the retried event to be processed',
          60_000,
          async () => {
            const [row] = await database.db
              .select()
              .from(stripeEvents)
              .where(eq(stripeEvents.id, pending.id));
            return row?.processedAt ? row : undefined;
          },
          logs,
        );
        expect((await stored())?.planId).toBe('agency');
        // One attempt was killed before it could count itself; the retry counted once.
        expect(event?.attempts).toBe(1);
        await until('every delivery to be acknowledged', 30_000, delivered, logs);
      } finally {
        await holder.end().catch(() => undefined);
      }
    }, 180_000);
  },
);
