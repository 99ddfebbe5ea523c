import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database created for one benchmark section, and how to drop it. */
export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates a fresh PostgreSQL database on the server of DATABASE_URL, and how to drop it. */
export async function freshPostgres(adminUrl: string): Promise<FreshDatabase> {
  const name = `tw_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
