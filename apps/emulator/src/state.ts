// The live state every route works on, and the helpers routes share (answering Google errors).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountDirectory } from './accounts.ts';
import type { Corpus } from './corpus/corpus.ts';
import type { CorpusOptions } from './corpus/generate.ts';
import type { GoogleError } from './google-errors.ts';
import type { OAuthServer } from './oauth.ts';
import type { QuotaMeter } from './quota.ts';
import type { SearchEngine } from './search-index.ts';
import type { Switches } from './switches.ts';
import type { ThumbnailStore } from './thumbnails.ts';

/** Options after defaults are applied. */
export interface ResolvedOptions {
  publicUrl: string;
  dataDir?: string;
  clientId: string;
  clientSecret: string;
  now: () => number;
  seed: string;
  accessTokenTtlSeconds: number;
  thumbnailMaxBytes: number;
  otherChannels: number;
  redirectUris?: string[];
  importFiles: string[];
  /** The API keys Data API calls may carry; any other key answers 400 keyInvalid. */
  apiKeys: string[];
  appName: string;
}

/** Everything the routes share. `corpus` and `search` are replaced by a reset. */
export interface EmulatorState {
  options: ResolvedOptions;
  corpusOptions: CorpusOptions;
  corpus: Corpus;
  search: SearchEngine;
  /** The Google accounts: demo and imported. */
  accounts: AccountDirectory;
  quota: QuotaMeter;
  oauth: OAuthServer;
  switches: Switches;
  thumbnails: ThumbnailStore;
  /** Schedules a persistence snapshot (no-op without dataDir). */
  persist(): void;
}

/** Sends JSON the way Google's APIs do (pretty-printed, UTF-8). */
export function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=UTF-8')
    .send(JSON.stringify(body, null, 2));
}

/** Sends a Google API error. */
export function sendGoogleError(reply: FastifyReply, error: GoogleError): FastifyReply {
  return sendJson(reply, error.status, error.body);
}

/** A query parameter as one string (repeated parameters, as googleapis sends arrays, are joined by commas). */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[name];
  if (Array.isArray(value)) return value.map(String).join(',');
  return typeof value === 'string' ? value : undefined;
}
