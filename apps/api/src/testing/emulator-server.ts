import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { createEmulator, type Emulator } from '@tubewise/emulator';
import { PAID_PLANS } from '@tubewise/contract/billing-constants';
import { StripeGateway } from '../modules/billing/index.ts';
import { YouTubeAdapter } from '../modules/video-platform/index.ts';

/** The emulator on its own loopback server, and the product's adapter pointed at it. */
export interface EmulatorServer {
  emulator: Emulator;
  /** The emulator's base URL (…/emulator), e.g. for the keyword-data adapter. */
  root: string;
  /** The server's port (Stripe's API is at its root when the emulator has `stripe`). */
  port: number;
  adapter: YouTubeAdapter;
  /** The adapter of the emulator's second client, Search Console's (token calls only). */
  searchConsoleAdapter: YouTubeAdapter;
  close(): Promise<void>;
}

/** Starts the emulator under /emulator on a free port, with a YouTubeAdapter for it. */
export async function startEmulatorServer(
  options: Parameters<typeof createEmulator>[0] = {},
): Promise<EmulatorServer> {
  const emulator = createEmulator(options);
  const server = Fastify();
  await server.register(emulator.plugin, { prefix: '/emulator' });
  // Stripe's API sits at the root, as the SDK (host/port/protocol, no path) expects.
  if (emulator.stripeApi) await server.register(emulator.stripeApi);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const root = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/emulator`;
  const adapter = new YouTubeAdapter({
    clientId: 'tubewise-emulator-client',
    clientSecret: 'tubewise-emulator-secret',
    authUrl: `${root}/o/oauth2/v2/auth`,
    tokenUrl: `${root}/token`,
    revokeUrl: `${root}/revoke`,
    apiRootUrl: `${root}/`,
  });
  const searchConsoleAdapter = new YouTubeAdapter({
    clientId: 'tubewise-emulator-search-console',
    clientSecret: 'tubewise-emulator-search-console-secret',
    authUrl: `${root}/o/oauth2/v2/auth`,
    tokenUrl: `${root}/token`,
    revokeUrl: `${root}/revoke`,
    apiRootUrl: `${root}/`,
  });
  const port = (server.server.address() as AddressInfo).port;
  return { emulator, root, port, adapter, searchConsoleAdapter, close: () => server.close() };
}

/** The test Stripe's key and webhook secret (the emulator's test mode, not secrets). */
export const TEST_STRIPE = { secretKey: 'sk_test_suite', webhookSecret: 'whsec_suite' } as const;

/** Emulator options with Stripe on: the plans' prices, no webhook target (tests deliver). */
export function withTestStripe(
  options: Parameters<typeof createEmulator>[0] = {},
): Parameters<typeof createEmulator>[0] {
  return {
    ...options,
    stripe: {
      ...TEST_STRIPE,
      prices: PAID_PLANS.flatMap((plan) =>
        (['month', 'year'] as const).map((interval) => ({
          id: plan.stripePriceIds[interval],
          productName: `Tubewise ${plan.name}`,
          unitAmount: plan.prices[interval],
          currency: plan.currency,
          interval,
        })),
      ),
    },
  };
}

/** The product's Stripe gateway pointed at an emulator server started `withTestStripe`. */
export function testStripeGateway(server: EmulatorServer): StripeGateway {
  return new StripeGateway({
    ...TEST_STRIPE,
    host: '127.0.0.1',
    port: server.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}
