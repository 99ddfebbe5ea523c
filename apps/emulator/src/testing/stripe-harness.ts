// Test harness of the Stripe emulator: a real server on 127.0.0.1 (the emulator plugin under
// /emulator, its Stripe API at the root), the official `stripe` SDK pointed at it by host, port
// and protocol, a movable clock, and a local webhook receiver that answers what a test asks.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { createEmulator, type Emulator, type EmulatorOptions } from '../emulator.ts';
import type { StripePriceConfig } from '../stripe/stripe-options.ts';

export const TEST_SECRET_KEY = 'sk_test_51TubewiseEmulatorKey0000000000000000';
export const TEST_WEBHOOK_SECRET = 'whsec_test_tubewise_emulator_secret';
export const TEST_PRICES: StripePriceConfig[] = [
  {
    id: 'price_pro_monthly',
    productName: 'Tubewise Pro',
    unitAmount: 1900,
    currency: 'usd',
    interval: 'month',
  },
  {
    id: 'price_pro_yearly',
    productName: 'Tubewise Pro',
    unitAmount: 19000,
    currency: 'usd',
    interval: 'year',
  },
  {
    id: 'price_team_monthly',
    productName: 'Tubewise Team',
    unitAmount: 4900,
    currency: 'usd',
    interval: 'month',
  },
];

/** A received webhook request. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/** A local endpoint: answers the queued statuses first, then 200; records every request. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly server: Server;
  private readonly queued: number[] = [];
  url = '';

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const status = this.queued.shift() ?? 200;
        this.received.push({
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          status,
        });
        response
          .writeHead(status, { 'content-type': 'text/plain' })
          .end(status < 300 ? 'ok' : 'no');
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks/stripe`;
    return this;
  }

  /** The next answers (e.g. 500 then the default 200). */
  answer(...statuses: number[]): void {
    this.queued.push(...statuses);
  }

  /** Event types of the accepted (2xx) deliveries, in arrival order. */
  acceptedTypes(): string[] {
    return this.received
      .filter((r) => r.status < 300)
      .map((r) => (JSON.parse(r.body) as { type: string }).type);
  }

  /** Waits (bounded) until `predicate` holds. */
  async waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error('Timed out waiting for webhooks');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A running emulator with Stripe on a loopback port, an SDK client and a movable clock. */
export interface StripeTestServer {
  app: FastifyInstance;
  emulator: Emulator;
  stripe: Stripe;
  /** The server's origin, e.g. http://127.0.0.1:41234. */
  origin: string;
  clock: { now: number };
  /** Moves the clock on through the control route, as a host would. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a server: the port is taken first so publicUrl names the real address. */
export async function startStripeServer(
  options: {
    webhookUrl?: string;
    dataDir?: string;
    start?: number;
    emulator?: Partial<EmulatorOptions>;
  } = {},
): Promise<StripeTestServer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const clock = { now: options.start ?? Date.now() };
  const emulator = createEmulator({
    publicUrl: `${origin}/emulator`,
    otherChannels: 5,
    now: () => clock.now,
    advanceClock: (ms) => {
      clock.now += ms;
    },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    stripe: {
      secretKey: TEST_SECRET_KEY,
      webhookSecret: TEST_WEBHOOK_SECRET,
      prices: TEST_PRICES,
      ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}),
    },
    ...options.emulator,
  });
  const app = Fastify({
    serverFactory: (handler) => {
      server.on('request', handler);
      return server;
    },
  });
  await app.register(emulator.plugin, { prefix: '/emulator' });
  await app.register(emulator.stripeApi!);
  await app.ready();
  const stripe = new Stripe(TEST_SECRET_KEY, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return {
    app,
    emulator,
    stripe,
    origin,
    clock,
    advance: async (ms) => {
      const hours = Math.round(ms / 3600_000);
      const response = await fetch(`${origin}/emulator/_emulator/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hours }),
      });
      if (!response.ok) throw new Error(`advance: ${response.status}`);
    },
    close: async () => {
      await app.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The card form's fields. */
export function cardForm(
  number: string,
  extra: Partial<Record<'cardexpiry' | 'cardcvc' | 'billingname' | 'email', string>> = {},
): URLSearchParams {
  return new URLSearchParams({
    cardnumber: number,
    cardexpiry: '12 / 34',
    cardcvc: '123',
    billingname: 'Ada Lovelace',
    ...extra,
  });
}

/** POSTs the Checkout (or portal, invoice) form of a hosted page URL, without following redirects. */
export async function postForm(url: string, form: URLSearchParams): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
}
