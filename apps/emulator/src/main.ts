// Runs the emulator standalone: EMULATOR_PORT (default 4010) on 127.0.0.1, no prefix.
import Fastify from 'fastify';
import { createEmulator } from './emulator.ts';

const port = Number(process.env.EMULATOR_PORT ?? 4010);
const host = process.env.EMULATOR_HOST ?? '127.0.0.1';
const emulator = createEmulator({
  publicUrl: process.env.EMULATOR_PUBLIC_URL ?? `http://${host}:${port}`,
  ...(process.env.EMULATOR_DATA_DIR ? { dataDir: process.env.EMULATOR_DATA_DIR } : {}),
  ...(process.env.GOOGLE_CLIENT_ID ? { clientId: process.env.GOOGLE_CLIENT_ID } : {}),
  ...(process.env.GOOGLE_CLIENT_SECRET ? { clientSecret: process.env.GOOGLE_CLIENT_SECRET } : {}),
  ...(process.env.EMULATOR_SEED ? { seed: process.env.EMULATOR_SEED } : {}),
  ...(process.env.EMULATOR_IMPORT
    ? {
        importFiles: process.env.EMULATOR_IMPORT.split(',')
          .map((f) => f.trim())
          .filter(Boolean),
      }
    : {}),
});
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
await app.register(emulator.plugin);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port, host });
