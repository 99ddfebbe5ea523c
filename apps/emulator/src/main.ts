// Runs the emulator standalone: EMULATOR_PORT (default 4010) on 127.0.0.1, no prefix. The Stripe
// emulator is on when STRIPE_EMULATOR_SECRET_KEY, STRIPE_EMULATOR_WEBHOOK_SECRET or
// STRIPE_EMULATOR_WEBHOOK_URL is set (STRIPE_EMULATOR_PRICES: a JSON array of prices); its
// API is then served at /v1 of the root, where the stripe SDK looks for it.
import Fastify from 'fastify';
import { createEmulator } from './emulator.ts';
import {
  DEFAULT_STRIPE_SECRET_KEY,
  DEFAULT_STRIPE_WEBHOOK_SECRET,
  parsePricesEnv,
} from './stripe/stripe-options.ts';

const port = Number(process.env.EMULATOR_PORT ?? 4010);
const host = process.env.EMULATOR_HOST ?? '127.0.0.1';
const stripeOn = Boolean(
  process.env.STRIPE_EMULATOR_SECRET_KEY ||
  process.env.STRIPE_EMULATOR_WEBHOOK_SECRET ||
  process.env.STRIPE_EMULATOR_WEBHOOK_URL,
);
const emulator = createEmulator({
  publicUrl: process.env.EMULATOR_PUBLIC_URL ?? `http://${host}:${port}`,
  ...(process.env.EMULATOR_DATA_DIR ? { dataDir: process.env.EMULATOR_DATA_DIR } : {}),
  ...(process.env.GOOGLE_CLIENT_ID ? { clientId: process.env.GOOGLE_CLIENT_ID } : {}),
  ...(process.env.GOOGLE_CLIENT_SECRET ? { clientSecret: process.env.GOOGLE_CLIENT_SECRET } : {}),
  // The product's Search Console client, when it has its own (else the default one).
  ...(process.env.SEARCH_CONSOLE_CLIENT_ID && process.env.SEARCH_CONSOLE_CLIENT_SECRET
    ? {
        otherClients: [
          {
            clientId: process.env.SEARCH_CONSOLE_CLIENT_ID,
            clientSecret: process.env.SEARCH_CONSOLE_CLIENT_SECRET,
          },
        ],
      }
    : {}),
  ...(process.env.EMULATOR_SEED ? { seed: process.env.EMULATOR_SEED } : {}),
  ...(process.env.EMULATOR_IMPORT
    ? {
        importFiles: process.env.EMULATOR_IMPORT.split(',')
          .map((f) => f.trim())
          .filter(Boolean),
      }
    : {}),
  ...(stripeOn
    ? {
        stripe: {
          secretKey: process.env.STRIPE_EMULATOR_SECRET_KEY || DEFAULT_STRIPE_SECRET_KEY,
          webhookSecret:
            process.env.STRIPE_EMULATOR_WEBHOOK_SECRET || DEFAULT_STRIPE_WEBHOOK_SECRET,
          ...(process.env.STRIPE_EMULATOR_WEBHOOK_URL
            ? { webhookUrl: process.env.STRIPE_EMULATOR_WEBHOOK_URL }
            : {}),
          prices: parsePricesEnv(process.env.STRIPE_EMULATOR_PRICES),
        },
      }
    : {}),
});
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
await app.register(emulator.plugin);
// Without a prefix the LLM emulator's /v1/models and /v1/chat/completions sit beside the Stripe
// API; other /v1 paths are the Stripe API's (an unknown one answers Stripe's 404).
if (emulator.stripeApi) await app.register(emulator.stripeApi);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port, host });
