// The API workspace's public surface, for the benchmarks and browser-journey tooling.
export { buildApp, type AppDeps, type Services } from './app.ts';
export {
  compose,
  createLogger,
  type Composition,
  type ComposeOptions,
  type Role,
} from './compose.ts';
export { loadConfig, ConfigError, type Config } from './config/config.ts';
export { openDatabase, type Database, type Db } from './db/client.ts';
export { seedDemo, DEMO_CHANNEL_IDS, NEWCOMER_EMAIL } from './seed.ts';
