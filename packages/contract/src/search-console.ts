/**
 * Google Search Console (Reporting's "Google search" section): a person's own grant
 * (webmasters.readonly), the properties it can read, the property chosen for a channel, and the
 * web queries and pages of that property.
 */
import { z } from 'zod';
import { channelIdParams } from './channels.ts';
import { SEARCH_CONSOLE_PERIODS, type SearchConsolePeriod } from './labs-constants.ts';

/** A Search Console property the grant can see. */
export const searchConsoleSite = z.object({
  /** 'sc-domain:example.com' or a URL prefix such as 'https://www.example.com/'. */
  siteUrl: z.string(),
  /** siteOwner, siteFullUser, siteRestrictedUser or siteUnverifiedUser (no data). */
  permissionLevel: z.string(),
  /** Whether its data can be read (not siteUnverifiedUser). */
  readable: z.boolean(),
});
export type SearchConsoleSite = z.infer<typeof searchConsoleSite>;

/** The signed-in person's Search Console connection. */
export const searchConsoleConnection = z.object({
  connected: z.boolean(),
  connectedAt: z.string().nullable(),
  /** The grant stopped working (revoked, expired): connect again. */
  needsReconnect: z.boolean(),
  /** The properties it can see (empty when not connected or needing reconnection). */
  sites: z.array(searchConsoleSite),
  /**
   * Whether the connection has a Google grant of its own (its own OAuth client): Disconnect
   * then revokes it at Google. False: it shares the channels' client, so Disconnect only makes
   * Tubewise forget it (revoking would end the channel's YouTube access too); removing its
   * access at Google is done on the Google Account's third-party access page.
   */
  separateGrant: z.boolean().optional(),
});
export type SearchConsoleConnection = z.infer<typeof searchConsoleConnection>;

/** Query of GET …/search-console/auth-url: where to come back to. */
export const searchConsoleAuthUrlQuery = z.object({
  /** A path of the product to return to (e.g. '/reporting/overview'); others are ignored. */
  returnTo: z.string().max(500).optional(),
});
export const searchConsoleAuthUrl = z.object({ url: z.string() });

export const searchConsolePeriodQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine(
      (d): d is SearchConsolePeriod => (SEARCH_CONSOLE_PERIODS as readonly number[]).includes(d),
      { message: `days must be one of ${SEARCH_CONSOLE_PERIODS.join(', ')}` },
    )
    .default(SEARCH_CONSOLE_PERIODS[0]),
});

/** Body of PUT …/search-console: the property to show for the channel, or null for none. */
export const setChannelPropertyBody = z.object({ siteUrl: z.string().min(1).max(2048).nullable() });

/** Clicks, impressions, click-through and position as Search Console reports them. */
export const searchFigures = z.object({
  clicks: z.number().int().min(0),
  impressions: z.number().int().min(0),
  /** 0–1. */
  ctr: z.number().min(0).max(1),
  /** Average position (1 = top). */
  position: z.number().min(0),
});

export const searchQueryRow = searchFigures.extend({ query: z.string() });
export const searchPageRow = searchFigures.extend({
  page: z.string(),
  /**
   * The channel's videos this page embeds (from YouTube Analytics' embedded playback
   * locations), as platform video ids; empty when none is known.
   */
  embeddedVideoIds: z.array(z.string()),
  /** Views of the channel's videos in players on this page over the period (Analytics). */
  embeddedViews: z.number().int().min(0),
});

/** The "Google search" section of a channel's reporting. */
export const channelSearchConsole = z.object({
  /** The property chosen for the channel, or null. */
  siteUrl: z.string().nullable(),
  /** Who connected it (a channel's people share the section). */
  connectedBy: z.string().nullable(),
  /** The chosen property's grant stopped working: its owner must connect again. */
  needsReconnect: z.boolean(),
  /** Null when no property is chosen or it cannot be read now. */
  report: z
    .object({
      days: z.number().int(),
      startDate: z.string(),
      endDate: z.string(),
      totals: searchFigures,
      /** Top web queries of the property, by clicks. */
      queries: z.array(searchQueryRow),
      /** Top pages, by clicks, with the channel's videos they embed. */
      pages: z.array(searchPageRow),
      /** Web queries leading to the pages that embed the channel's videos, by clicks. */
      embedQueries: z.array(searchQueryRow),
    })
    .nullable(),
});
export type ChannelSearchConsole = z.infer<typeof channelSearchConsole>;

export const channelSearchConsoleParams = channelIdParams;
