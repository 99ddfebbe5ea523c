// The imported part of the emulator's world: the channels and videos of imported CSV files and
// the accounts that own them. It lives in its own file under the data directory
// (emulator-imports.json), apart from the test state, so it survives restarts and resets.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCOUNTS, type DemoAccount } from '../accounts.ts';
import type { Corpus } from '../corpus/corpus.ts';
import type { ChannelRecord, VideoRecord } from '../corpus/types.ts';
import { importedDurationSeconds } from './durations.ts';
import { accountForChannel, accountForEmail } from './import-accounts.ts';
import type { ImportedRow } from './imported-row.ts';
import { ImportError } from './import-error.ts';

/** Name of the imported world's file inside the emulator's data directory. */
export const IMPORTS_FILE = 'emulator-imports.json';

/** One imported file, as the world remembers it. */
export interface ImportSource {
  file: string;
  format: string;
  importedAt: string;
  records: number;
}

/** The file format of emulator-imports.json. */
export interface ImportedWorldData {
  version: 1;
  sources: ImportSource[];
  accounts: DemoAccount[];
  channels: ChannelRecord[];
  videos: VideoRecord[];
}

/** What merging rows changed. */
export interface MergeResult {
  videosAdded: number;
  videosUpdated: number;
  channelsAdded: number;
  accountsAdded: number;
}

const LANGUAGE_BY_REGION: Record<string, string> = {
  US: 'en',
  GB: 'en',
  CA: 'en',
  IN: 'en',
  DE: 'de',
  FR: 'fr',
  BR: 'pt',
  MX: 'es',
  JP: 'ja',
  KR: 'ko',
  RU: 'ru',
};

/** Imported channels, videos and accounts; merged by id, the latest trending day winning. */
export class ImportedWorld {
  readonly sources: ImportSource[] = [];
  readonly accounts: DemoAccount[] = [];
  readonly channels = new Map<string, ChannelRecord>();
  readonly videos = new Map<string, VideoRecord>();

  /** Reads the world of a data directory (empty when it has none). */
  static load(dataDir: string): ImportedWorld {
    const world = new ImportedWorld();
    const file = join(dataDir, IMPORTS_FILE);
    if (!existsSync(file)) return world;
    let data: ImportedWorldData;
    try {
      data = JSON.parse(readFileSync(file, 'utf8')) as ImportedWorldData;
    } catch (error) {
      throw new ImportError(`${file} is not readable JSON (${(error as Error).message})`);
    }
    if (data?.version !== 1) throw new ImportError(`${file} has an unknown version`);
    world.sources.push(...data.sources);
    world.accounts.push(...data.accounts);
    for (const c of data.channels) world.channels.set(c.id, c);
    for (const v of data.videos) world.videos.set(v.id, v);
    return world;
  }

  /** Writes the world atomically (temp file + rename). */
  save(dataDir: string): string {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, IMPORTS_FILE);
    const data: ImportedWorldData = {
      version: 1,
      sources: this.sources,
      accounts: this.accounts,
      channels: [...this.channels.values()],
      videos: [...this.videos.values()],
    };
    writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(data));
    renameSync(`${file}.${process.pid}.tmp`, file);
    return file;
  }

  /** The account with this e-mail among the demo and imported accounts. */
  private accountByEmail(email: string): DemoAccount | undefined {
    const lower = email.toLowerCase();
    return [...DEMO_ACCOUNTS, ...this.accounts].find((a) => a.email.toLowerCase() === lower);
  }

  /**
   * Adds rows: a new video is added, a known one takes the figures and texts of the later
   * trending day. With `account`, every channel of these rows belongs to that account (a demo
   * account's e-mail adds them to it); otherwise a channel without an owner gets its own account.
   */
  merge(rows: readonly ImportedRow[], options: { account?: string } = {}): MergeResult {
    const result: MergeResult = {
      videosAdded: 0,
      videosUpdated: 0,
      channelsAdded: 0,
      accountsAdded: 0,
    };
    const addAccount = (account: DemoAccount) => {
      this.accounts.push(account);
      result.accountsAdded++;
      return account;
    };
    let chosen: DemoAccount | undefined;
    if (options.account) {
      chosen = this.accountByEmail(options.account) ?? addAccount(accountForEmail(options.account));
    }
    const touched = new Set<string>();
    for (const row of rows) {
      let channel = this.channels.get(row.channelId);
      if (!channel) {
        const language = LANGUAGE_BY_REGION[row.region];
        channel = {
          id: row.channelId,
          title: row.channelTitle,
          description: '',
          customUrl: `@${row.channelTitle.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')}`,
          publishedAt: row.publishedAt - 365 * 86_400_000,
          country: row.region,
          keywords: '',
          subscriberCount: 0,
          niche: 'imported',
          source: 'imported',
          ...(language ? { defaultLanguage: language } : {}),
        };
        this.channels.set(channel.id, channel);
        result.channelsAdded++;
      }
      touched.add(channel.id);
      const known = this.videos.get(row.videoId);
      if (known) {
        const newer =
          row.trendingAt > (known.trendingAt ?? 0) ||
          (row.trendingAt === known.trendingAt && row.views > known.viewCount);
        if (!newer) continue;
        Object.assign(known, this.statisticsAndTexts(row));
        if (row.durationSeconds) known.durationSeconds = row.durationSeconds;
        result.videosUpdated++;
        continue;
      }
      const language = LANGUAGE_BY_REGION[row.region];
      const video: VideoRecord = {
        id: row.videoId,
        channelId: row.channelId,
        publishedAt: row.publishedAt,
        ...this.statisticsAndTexts(row),
        localizations: {},
        durationSeconds:
          row.durationSeconds ?? importedDurationSeconds(row.videoId, row.title, row.tags),
        definition: 'hd',
        caption: false,
        licensedContent: true,
        privacyStatus: 'public',
        embeddable: true,
        license: 'youtube',
        publicStatsViewable: true,
        madeForKids: false,
        hasCustomThumbnail: true,
        thumbnailVersion: 0,
        revision: 0,
        ...(language ? { defaultAudioLanguage: language } : {}),
      };
      this.videos.set(video.id, video);
      result.videosAdded++;
    }
    for (const id of touched) {
      const channel = this.channels.get(id)!;
      if (chosen) channel.ownerAccountId = chosen.id;
      else if (!channel.ownerAccountId)
        channel.ownerAccountId = addAccount(
          accountForChannel(channel, (email) => this.accountByEmail(email) !== undefined),
        ).id;
    }
    this.refreshSubscribers(touched);
    return result;
  }

  private statisticsAndTexts(row: ImportedRow) {
    return {
      title: row.title.slice(0, 100),
      description: row.description.slice(0, 5000),
      tags: row.tags,
      categoryId: row.categoryId,
      viewCount: row.views,
      likeCount: row.likes,
      commentCount: row.comments,
      ratingsDisabled: row.ratingsDisabled,
      commentsDisabled: row.commentsDisabled,
      trendingAt: row.trendingAt,
    };
  }

  /** The datasets have no subscriber counts: a fifth of the channel's best video's views. */
  private refreshSubscribers(channelIds: Iterable<string>): void {
    const best = new Map<string, number>();
    for (const v of this.videos.values())
      best.set(v.channelId, Math.max(best.get(v.channelId) ?? 0, v.viewCount));
    for (const id of channelIds) {
      const channel = this.channels.get(id)!;
      channel.subscriberCount = Math.round((best.get(id) ?? 0) / 5);
    }
  }

  /** Adds the world to a corpus (copies, so edits made through the API never change it). */
  applyTo(corpus: Corpus): void {
    const byChannel = new Map<string, VideoRecord[]>();
    for (const video of this.videos.values()) {
      let list = byChannel.get(video.channelId);
      if (!list) byChannel.set(video.channelId, (list = []));
      list.push(structuredClone(video));
    }
    for (const [channelId, videos] of byChannel) {
      const channel = this.channels.get(channelId);
      if (channel && !corpus.getChannel(channelId))
        corpus.addVideos(structuredClone(channel), videos);
    }
  }
}
