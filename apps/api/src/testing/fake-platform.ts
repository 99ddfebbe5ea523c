import {
  MAX_PAGE_SIZE,
  PlatformError,
  SCOPE_ANALYTICS,
  SCOPE_MANAGE,
  SCOPE_READONLY,
  type Page,
  type PlatformCredential,
  type SearchQuery,
  type SearchResult,
  type PlatformChannel,
  type PlatformPlaylist,
  type PlatformPlaylistItem,
  type PlatformTokens,
  type PlatformVideo,
  type VideoUpdateResult,
  type VideoPlatform,
} from '../modules/video-platform/index.ts';

/** An account on the fake platform: who consents, and the channel it owns (if any). */
export interface FakeAccount {
  code: string;
  channel: { youtubeId: string; title: string; videos: number; playlists: number[] } | null;
  scopes?: string[];
}

/**
 * A deterministic in-memory video platform for service tests: channels with N videos and
 * playlists, pages of 50, a ledger of calls by method, and switches to fail or crash.
 * End-to-end fidelity is the emulator's job; this fake keeps unit tests fast and exact.
 */
export class FakePlatform implements VideoPlatform {
  readonly calls: string[] = [];
  readonly revoked: string[] = [];
  /** Throw this after the given number of further data calls (simulates a killed worker). */
  crashAfter: number | null = null;
  /** Make every refresh fail with invalid_grant. */
  refreshDead = false;
  /** Channels whose data calls answer 403 forbidden. */
  readonly forbidden = new Set<string>();
  private readonly accounts = new Map<string, FakeAccount>();
  private readonly tokens = new Map<string, string>(); // token → account code
  private serial = 0;

  constructor(accounts: FakeAccount[]) {
    for (const a of accounts) this.accounts.set(a.code, a);
  }

  /** Units spent per method, in YouTube's cost table for the calls sync makes. */
  units(): number {
    return this.calls.filter((c) => !c.startsWith('oauth.')).length;
  }

  authorizationUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string {
    const url = new URL('https://fake.example/auth');
    url.searchParams.set('state', input.state);
    url.searchParams.set('code_challenge', input.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('redirect_uri', input.redirectUri);
    return url.toString();
  }

  async exchangeCode(input: { code: string; codeVerifier: string }): Promise<PlatformTokens> {
    this.calls.push('oauth.token');
    const account = this.accounts.get(input.code);
    if (!account || input.codeVerifier.length < 43) {
      throw new PlatformError('invalid-grant', 'Bad code', { reason: 'invalid_grant' });
    }
    return this.issue(account, true);
  }

  async refreshAccessToken(refreshToken: string): Promise<PlatformTokens> {
    this.calls.push('oauth.refresh');
    const code = this.tokens.get(refreshToken);
    if (this.refreshDead || !code || this.revoked.includes(refreshToken)) {
      throw new PlatformError('invalid-grant', 'Token has been expired or revoked.', {
        reason: 'invalid_grant',
      });
    }
    return this.issue(this.accounts.get(code)!, false);
  }

  async revokeToken(token: string): Promise<void> {
    this.calls.push('oauth.revoke');
    this.revoked.push(token);
  }

  async getMyChannel(accessToken: string): Promise<PlatformChannel | null> {
    const account = this.spend('channels.list', accessToken);
    const c = account.channel;
    return c ? presentChannel(c) : null;
  }

  async getChannels(credential: PlatformCredential, ids: string[]): Promise<PlatformChannel[]> {
    this.calls.push('channels.list');
    const known = [...this.accounts.values()].map((a) => a.channel).filter((c) => c !== null);
    return ids
      .map((id) => known.find((c) => c.youtubeId === id))
      .filter((c) => c !== undefined)
      .map((c) => presentChannel(c));
  }

  async listPlaylistItems(
    accessToken: string,
    playlistId: string,
    pageToken?: string,
  ): Promise<Page<PlatformPlaylistItem>> {
    const account = this.spend('playlistItems.list', accessToken);
    const c = account.channel!;
    const ids = playlistId.startsWith('UU')
      ? Array.from({ length: c.videos }, (_, i) => videoId(c.youtubeId, i))
      : Array.from({ length: c.playlists[Number(playlistId.split('-').at(-1))] ?? 0 }, (_, i) =>
          videoId(c.youtubeId, i * 2),
        );
    return paginate(
      ids.map((id, i) => ({ videoId: id, position: i })),
      pageToken,
    );
  }

  async getVideos(accessToken: string, ids: string[]): Promise<PlatformVideo[]> {
    const account = this.spend('videos.list', accessToken);
    if (ids.length > MAX_PAGE_SIZE) throw new PlatformError('bad-request', 'Too many ids');
    return ids.map((id) => ({
      youtubeId: id,
      channelId: account.channel!.youtubeId,
      title: `Video ${id}`,
      description: 'A description',
      tags: ['fake', 'tags'],
      categoryId: '22',
      defaultLanguage: 'en',
      defaultAudioLanguage: 'en',
      publishedAt: '2024-05-01T12:00:00Z',
      privacyStatus: 'public',
      publishAt: null,
      durationSeconds: 300,
      thumbnails: { default: { url: `https://fake.example/${id}.jpg`, width: 120, height: 90 } },
      viewCount: 10,
      likeCount: 1,
      commentCount: 0,
      hasCaptions: false,
      localizations: {},
    }));
  }

  async listPlaylists(
    accessToken: string,
    channelId: string,
    pageToken?: string,
  ): Promise<Page<PlatformPlaylist>> {
    const account = this.spend('playlists.list', accessToken);
    const c = account.channel!;
    const all = c.playlists.map((count, i) => ({
      youtubeId: `PL${channelId}-${i}`,
      title: `Playlist ${i}`,
      itemCount: count,
      thumbnailUrl: null,
    }));
    return paginate(all, pageToken);
  }

  async updateVideo(): Promise<VideoUpdateResult> {
    throw new Error('not used by these tests');
  }
  async setThumbnail(): Promise<PlatformVideo['thumbnails']> {
    throw new Error('not used by these tests');
  }
  async search(credential: PlatformCredential, query: SearchQuery): Promise<Page<SearchResult>> {
    this.calls.push('search.list');
    if (!('apiKey' in credential) && !this.tokens.has(credential.accessToken)) {
      throw new PlatformError('unauthorized', 'Invalid Credentials', { status: 401 });
    }
    const hits = [...this.accounts.values()]
      .map((a) => a.channel)
      .filter((c) => c !== null && c.title.toLowerCase().includes(query.q.toLowerCase()))
      .map((c) => ({
        kind: 'channel' as const,
        youtubeId: c!.youtubeId,
        channelId: c!.youtubeId,
        title: c!.title,
        description: '',
        thumbnailUrl: `https://fake.example/${c!.youtubeId}.jpg`,
        publishedAt: null,
      }));
    return paginate(hits, query.pageToken);
  }
  async listLanguages() {
    return [];
  }
  async listCategories() {
    return [];
  }
  async viewsByDay() {
    return [];
  }
  /** Caption text by video id (SRT); videos not listed have no captions. */
  readonly captions = new Map<string, string>();

  async listCaptionTracks(accessToken: string, videoId: string) {
    this.calls.push('captions.list');
    if (!this.tokens.has(accessToken)) throw new PlatformError('unauthorized', 'Invalid token');
    return this.captions.has(videoId)
      ? [
          {
            id: `track-${videoId}`,
            language: 'en',
            trackKind: 'standard',
            name: '',
            lastUpdated: '2026-01-01T00:00:00Z',
            isDraft: false,
          },
        ]
      : [];
  }

  async downloadCaptionTrack(accessToken: string, trackId: string) {
    this.calls.push('captions.download');
    if (!this.tokens.has(accessToken)) throw new PlatformError('unauthorized', 'Invalid token');
    const text = this.captions.get(trackId.replace(/^track-/, ''));
    if (text === undefined) throw new PlatformError('not-found', 'No such caption track');
    return text;
  }

  async analyticsReport(_accessToken: string, query: { metrics: string[]; dimensions?: string[] }) {
    return { columns: [...(query.dimensions ?? []), ...query.metrics], rows: [] };
  }

  private issue(account: FakeAccount, withRefresh: boolean): PlatformTokens {
    const access = `access-${account.code}-${++this.serial}`;
    this.tokens.set(access, account.code);
    let refresh: string | null = null;
    if (withRefresh) {
      refresh = `1//refresh-${account.code}-${this.serial}`;
      this.tokens.set(refresh, account.code);
    }
    return {
      accessToken: access,
      refreshToken: refresh,
      expiresAt: new Date(Date.now() + 3600_000),
      scopes: account.scopes ?? [SCOPE_MANAGE, SCOPE_READONLY, SCOPE_ANALYTICS],
    };
  }

  private spend(method: string, accessToken: string): FakeAccount {
    if (this.crashAfter !== null) {
      if (this.crashAfter <= 0) throw new Error('worker killed');
      this.crashAfter -= 1;
    }
    this.calls.push(method);
    const code = this.tokens.get(accessToken);
    if (!code) throw new PlatformError('unauthorized', 'Invalid Credentials', { status: 401 });
    const account = this.accounts.get(code)!;
    if (account.channel && this.forbidden.has(account.channel.youtubeId)) {
      throw new PlatformError('forbidden', 'The caller does not have permission', {
        status: 403,
        reason: 'forbidden',
      });
    }
    return account;
  }
}

/** The fake's id of the i-th video of a channel (11 characters, like YouTube's). */
export function videoId(channelYoutubeId: string, i: number): string {
  return `${channelYoutubeId.slice(-4)}${String(i).padStart(7, '0')}`;
}

function paginate<T>(all: T[], pageToken?: string): Page<T> {
  const start = pageToken ? Number(pageToken) : 0;
  const items = all.slice(start, start + MAX_PAGE_SIZE);
  const next = start + MAX_PAGE_SIZE < all.length ? String(start + MAX_PAGE_SIZE) : null;
  return { items, nextPageToken: next, totalResults: all.length };
}

/** A fake account's channel as channels.list presents it. */
function presentChannel(c: NonNullable<FakeAccount['channel']>): PlatformChannel {
  return {
    youtubeId: c.youtubeId,
    title: c.title,
    description: '',
    customUrl: null,
    thumbnailUrl: `https://fake.example/${c.youtubeId}.jpg`,
    uploadsPlaylistId: `UU${c.youtubeId.slice(2)}`,
    publishedAt: '2020-01-01T00:00:00Z',
    country: 'US',
    defaultLanguage: 'en',
    subscriberCount: 100,
    videoCount: c.videos,
    viewCount: 1000,
  };
}
