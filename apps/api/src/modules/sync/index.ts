/** The sync module's public surface: syncing a channel's videos from the platform. */
export { registerSyncRoutes } from './sync.routes.ts';
export { SyncService } from './sync.service.ts';
