// Test helpers of the keyword-data module: the emulator's DataForSEO-compatible API on a port,
// and a provider wrapper that counts (and can fail) the calls that reach the provider.
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createEmulator,
  EMULATOR_KEYWORD_DATA_CREDENTIALS,
  type Emulator,
} from '@tubewise/emulator';
import { DataForSeoAdapter } from './dataforseo.adapter.ts';
import {
  KeywordDataError,
  type KeywordDataProvider,
  type KeywordMarket,
  type ProviderKeyword,
  type ProviderKeywordList,
} from './keyword-data.port.ts';

/** The provider name tests configure. */
export const TEST_SOURCE = 'Tubewise emulator (DataForSEO format)';

/** An emulator listening on a free loopback port, with an adapter pointed at it. */
export interface KeywordDataEmulator {
  emulator: Emulator;
  server: FastifyInstance;
  /** The base URL the adapter takes (…/emulator). */
  baseUrl: string;
  adapter: DataForSeoAdapter;
  close(): Promise<void>;
}

/** Starts an emulator (small corpus) under /emulator on a free port. */
export async function startKeywordDataEmulator(): Promise<KeywordDataEmulator> {
  const emulator = createEmulator({ otherChannels: 20 });
  const server = Fastify();
  await server.register(emulator.plugin, { prefix: '/emulator' });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/emulator`;
  const adapter = new DataForSeoAdapter({
    baseUrl,
    ...EMULATOR_KEYWORD_DATA_CREDENTIALS,
    name: TEST_SOURCE,
  });
  return { emulator, server, baseUrl, adapter, close: () => server.close() };
}

/** One call that reached the provider. */
export interface ProviderCall {
  method: 'volumes' | 'suggestions' | 'related';
  keywords: string[];
  market: KeywordMarket;
}

/** Wraps a provider: records every call, and fails them while `failing` is set. */
export class CountingProvider implements KeywordDataProvider {
  readonly calls: ProviderCall[] = [];
  failing = false;
  private readonly inner: KeywordDataProvider;
  constructor(inner: KeywordDataProvider) {
    this.inner = inner;
  }
  get name(): string {
    return this.inner.name;
  }
  get maxKeywordsPerCall(): number {
    return this.inner.maxKeywordsPerCall;
  }
  private record(call: ProviderCall): void {
    this.calls.push(call);
    if (this.failing) throw new KeywordDataError('unavailable', 'provider down (test)');
  }
  async volumes(keywords: readonly string[], market: KeywordMarket): Promise<ProviderKeyword[]> {
    this.record({ method: 'volumes', keywords: [...keywords], market });
    return this.inner.volumes(keywords, market);
  }
  async suggestions(
    seed: string,
    market: KeywordMarket,
    limit: number,
  ): Promise<ProviderKeywordList> {
    this.record({ method: 'suggestions', keywords: [seed], market });
    return this.inner.suggestions(seed, market, limit);
  }
  async related(seed: string, market: KeywordMarket, limit: number): Promise<ProviderKeywordList> {
    this.record({ method: 'related', keywords: [seed], market });
    return this.inner.related(seed, market, limit);
  }
  /** Forgets the recorded calls. */
  reset(): void {
    this.calls.length = 0;
  }
}
