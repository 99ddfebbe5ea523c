// The in-memory platform: channels, videos and playlists. Channels register a generator and their
// videos are produced on first use, so a 10,000-video benchmark channel costs nothing until read.
import type { ChannelRecord, PlaylistRecord, VideoEdit, VideoRecord } from './types.ts';

const EDIT_KEYS = [
  'title',
  'description',
  'tags',
  'categoryId',
  'defaultLanguage',
  'defaultAudioLanguage',
  'localizations',
  'privacyStatus',
  'publishAt',
  'embeddable',
  'license',
  'publicStatsViewable',
  'selfDeclaredMadeForKids',
  'hasCustomThumbnail',
  'thumbnailVersion',
  'revision',
] as const satisfies readonly (keyof VideoEdit)[];

/** What a channel generator returns: its videos (newest first) and its playlists. */
export interface GeneratedContent {
  videos: VideoRecord[];
  playlists: PlaylistRecord[];
}

/** The uploads playlist id of a channel (UC… → UU…), as YouTube derives it. */
export function uploadsPlaylistId(channelId: string): string {
  return `UU${channelId.slice(2)}`;
}

/** What a video's uploader said in it: its text as generated or imported, before any edit. */
export interface SpokenSource {
  title: string;
  description: string;
  tags: readonly string[];
}

/** The store of every channel, video and playlist of the emulator. */
export class Corpus {
  readonly channels = new Map<string, ChannelRecord>();
  private readonly videos = new Map<string, VideoRecord>();
  private readonly playlists = new Map<string, PlaylistRecord>();
  private readonly uploadsByChannel = new Map<string, string[]>();
  private readonly playlistsByChannel = new Map<string, string[]>();
  private readonly pending = new Map<string, () => GeneratedContent>();
  /** The text captioned videos had before any edit: what their caption tracks say. */
  private readonly spoken = new Map<string, SpokenSource>();
  /** Persisted user edits, applied over generated videos (key: video id). */
  readonly edits = new Map<string, VideoEdit>();
  /** Bumped on every change; the search index rebuilds when it moved. */
  version = 0;

  /** Registers a channel whose content `generate` produces on first use. */
  addChannel(channel: ChannelRecord, generate: () => GeneratedContent): void {
    if (this.channels.has(channel.id)) throw new Error(`channel ${channel.id} already exists`);
    this.channels.set(channel.id, channel);
    this.pending.set(channel.id, generate);
    this.version++;
  }

  /** Adds videos to an existing or new channel directly (the CSV importer). */
  addVideos(channel: ChannelRecord, videos: VideoRecord[]): void {
    if (!this.channels.has(channel.id)) {
      this.channels.set(channel.id, channel);
      this.uploadsByChannel.set(channel.id, []);
      this.playlistsByChannel.set(channel.id, []);
    }
    this.ensureChannel(channel.id);
    const uploads = this.uploadsByChannel.get(channel.id)!;
    for (const video of videos) {
      if (this.videos.has(video.id)) continue;
      this.keepSpoken(video);
      this.applyEdit(video);
      this.videos.set(video.id, video);
      uploads.push(video.id);
    }
    uploads.sort((a, b) => this.videos.get(b)!.publishedAt - this.videos.get(a)!.publishedAt);
    this.version++;
  }

  /** Produces a channel's content if it has not been generated yet. */
  ensureChannel(channelId: string): void {
    const generate = this.pending.get(channelId);
    if (!generate) return;
    this.pending.delete(channelId);
    const { videos, playlists } = generate();
    const uploads: string[] = [];
    for (const video of videos) {
      this.keepSpoken(video);
      this.applyEdit(video);
      this.videos.set(video.id, video);
      uploads.push(video.id);
    }
    this.uploadsByChannel.set(channelId, uploads);
    this.playlistsByChannel.set(
      channelId,
      playlists.map((p) => p.id),
    );
    for (const p of playlists) this.playlists.set(p.id, p);
    this.version++;
  }

  /** Generates every pending channel (search and id lookups need the whole corpus). */
  ensureAll(): void {
    for (const id of [...this.pending.keys()]) this.ensureChannel(id);
  }

  private keepSpoken(video: VideoRecord): void {
    if (!video.caption) return;
    this.spoken.set(video.id, {
      title: video.title,
      description: video.description,
      tags: [...video.tags],
    });
  }

  /**
   * What a captioned video says: its title, description and tags as generated or imported, so
   * editing its metadata (which changes no spoken word) leaves its caption track as it was.
   */
  spokenSource(video: VideoRecord): SpokenSource {
    return this.spoken.get(video.id) ?? video;
  }

  private applyEdit(video: VideoRecord): void {
    const edit = this.edits.get(video.id);
    if (!edit) return;
    const target = video as unknown as Record<string, unknown>;
    const source = edit as unknown as Record<string, unknown>;
    // Every editable key is copied, including absent ones: an edit may have deleted a property.
    for (const key of EDIT_KEYS) {
      if (source[key] === undefined) {
        if (key === 'tags') video.tags = [];
        else if (key === 'localizations') video.localizations = {};
        else if (key === 'description') video.description = '';
        else delete target[key];
      } else target[key] = structuredClone(source[key]);
    }
  }

  /** Records that a video changed (users' edits survive restarts through `edits`). */
  recordEdit(video: VideoRecord, edit: VideoEdit): void {
    this.edits.set(video.id, edit);
    this.version++;
  }

  /** A channel by id. */
  getChannel(id: string): ChannelRecord | undefined {
    return this.channels.get(id);
  }

  /** The channels an account owns, in insertion order. */
  channelsOwnedBy(accountId: string): ChannelRecord[] {
    return [...this.channels.values()].filter((c) => c.ownerAccountId === accountId);
  }

  /** A video by id, generating channels on demand. */
  getVideo(id: string): VideoRecord | undefined {
    const found = this.videos.get(id);
    if (found || this.pending.size === 0) return found;
    this.ensureAll();
    return this.videos.get(id);
  }

  /** The video ids of a channel's uploads, newest first. */
  uploads(channelId: string): string[] {
    this.ensureChannel(channelId);
    return this.uploadsByChannel.get(channelId) ?? [];
  }

  /** The playlists a channel created. */
  playlistsOf(channelId: string): PlaylistRecord[] {
    this.ensureChannel(channelId);
    return (this.playlistsByChannel.get(channelId) ?? []).map((id) => this.playlists.get(id)!);
  }

  /** A playlist by id; the uploads playlist (UU…) of a channel is derived from its uploads. */
  getPlaylist(id: string): PlaylistRecord | undefined {
    if (id.startsWith('UU')) {
      const channelId = `UC${id.slice(2)}`;
      const channel = this.channels.get(channelId);
      if (!channel) return undefined;
      return {
        id,
        channelId,
        title: `Uploads from ${channel.title}`,
        description: '',
        publishedAt: channel.publishedAt,
        privacyStatus: 'public',
        videoIds: this.uploads(channelId),
      };
    }
    const found = this.playlists.get(id);
    if (found || this.pending.size === 0) return found;
    this.ensureAll();
    return this.playlists.get(id);
  }

  /** Every video, generating the whole corpus first. */
  allVideos(): IterableIterator<VideoRecord> {
    this.ensureAll();
    return this.videos.values();
  }

  /** The number of videos generated so far. */
  get generatedVideoCount(): number {
    return this.videos.size;
  }
}
