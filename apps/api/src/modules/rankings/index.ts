/** The rankings module's public surface: the search-results port and its DataForSEO adapter. */
export { DataForSeoSerpAdapter, type DataForSeoSerpOptions } from './dataforseo-serp.adapter.ts';
export type {
  QueuedCheck,
  Serp,
  SerpProvider,
  SerpQuery,
  SerpVideo,
} from './serp-provider.port.ts';
