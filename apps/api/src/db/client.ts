import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database handle with its driver, lifecycle and migrations. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine, when kind is 'pglite' (pg-boss shares it). */
  pglite?: PGlite;
  /** The connection string, when kind is 'postgres'. */
  connectionString?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Where to put the data: a PostgreSQL URL, a PGlite directory, or in-memory PGlite. */
export type DatabaseTarget =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dir?: string };

/** Opens the database (PGlite under a directory or in memory, or PostgreSQL). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client that errors (e.g. the server restarts) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      connectionString: target.url,
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (target.dir) mkdirSync(target.dir, { recursive: true });
  const pglite = target.dir ? new PGlite(target.dir) : new PGlite();
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder }),
    close: () => pglite.close(),
  };
}
