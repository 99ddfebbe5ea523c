/** The rankings module's public surface: tracked keywords, rank checks and the search-results port. */
export { DataForSeoSerpAdapter, type DataForSeoSerpOptions } from './dataforseo-serp.adapter.ts';
export type {
  QueuedCheck,
  Serp,
  SerpProvider,
  SerpQuery,
  SerpVideo,
} from './serp-provider.port.ts';
export { registerRankingRoutes } from './rankings.routes.ts';
export { TrackedKeywordsService } from './tracked-keywords.service.ts';
export { rankOf, SerpChecksService, type DayProgress } from './serp-checks.service.ts';
export { bucketOf, rankChange, RankingsService } from './rankings.service.ts';
export { MovementService } from './movement.service.ts';
export { clickThroughRate, visibilityScore } from './ctr-curve.ts';
export { rankDataChangesOver, type RankDataChanges } from './rank-data-changes.ts';
export { bestTitleTagMatch, type MatchableVideo } from './video-match.ts';
export { thumbnailOf } from './keyword-volumes.ts';
