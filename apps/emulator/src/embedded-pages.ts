// The web pages that embed a channel's videos, for YouTube Analytics' EMBEDDED playback location:
// the pages of the owning account's website as Search Console models it (search-console.ts), so a
// page the "top embedded players" report names is a page of that account's property. The URL
// rules below are Search Console's (buildWebsite): https://www.{accountDomain}/{channel slug}/ is a
// channel's index page, and each of its PAGES_PER_CHANNEL most viewed public videos has its own
// page {index}{title slug} (-2, -3… when two titles make one slug). embedded-pages.test.ts checks
// that the URLs are exactly those of the Search Console property.
import type { DemoAccount } from './accounts.ts';
import type { Corpus } from './corpus/corpus.ts';
import type { ChannelRecord, VideoRecord } from './corpus/types.ts';
import { hashString } from './prng.ts';
import { accountDomain, PAGES_PER_CHANNEL, slugify } from './search-console.ts';

/** The pages embedding one video and how its embedded views divide between them. */
export interface EmbeddingPages {
  /** The video's own page. */
  page: string;
  /** The channel's index page (it embeds its videos too). */
  index: string;
  /** Share of the video's embedded views played on its own page, in [0.7, 0.9]. */
  pageShare: number;
}

/** The embedding pages of every video of the account's channels that has a page, by video id. */
export function embeddingPagesOf(
  account: DemoAccount,
  channels: readonly ChannelRecord[],
  corpus: Corpus,
): Map<string, EmbeddingPages> {
  const out = new Map<string, EmbeddingPages>();
  const base = `https://www.${accountDomain(account)}/`;
  for (const channel of channels) {
    const index = `${base}${slugify(channel.title) || channel.id.toLowerCase()}/`;
    const videos = corpus
      .uploads(channel.id)
      .map((id) => corpus.getVideo(id))
      .filter((v): v is VideoRecord => v !== undefined && v.privacyStatus === 'public')
      .sort((a, b) => b.viewCount - a.viewCount || (a.id < b.id ? -1 : 1))
      .slice(0, PAGES_PER_CHANNEL);
    const used = new Set<string>();
    for (const video of videos) {
      let slug = slugify(video.title) || video.id.toLowerCase();
      for (let n = 2; used.has(slug); n++) slug = `${slugify(video.title)}-${n}`;
      used.add(slug);
      const pageShare = 0.7 + (hashString(`embedded-page\u0000${video.id}`) / 4294967296) * 0.2;
      out.set(video.id, { page: `${index}${slug}`, index, pageShare });
    }
  }
  return out;
}

/** The embedding pages of the videos of a channel's owning account (empty for a channel no account owns). */
export function embeddingPagesForChannel(
  corpus: Corpus,
  channelId: string,
  findAccount: (id: string) => DemoAccount | undefined,
): Map<string, EmbeddingPages> {
  const owner = corpus.getChannel(channelId)?.ownerAccountId;
  const account = owner ? findAccount(owner) : undefined;
  if (!owner || !account) return new Map();
  return embeddingPagesOf(account, corpus.channelsOwnedBy(owner), corpus);
}
