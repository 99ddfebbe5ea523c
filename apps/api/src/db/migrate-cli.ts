import path from 'node:path';
import { loadConfig } from '../config/config.ts';
import { openDatabase } from './client.ts';

// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to PGlite under DATA_DIR.
const config = loadConfig();
const database = await openDatabase(
  config.env.DATABASE_URL
    ? { kind: 'postgres', url: config.env.DATABASE_URL }
    : { kind: 'pglite', dir: path.join(config.dataDir, 'pglite') },
);
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
