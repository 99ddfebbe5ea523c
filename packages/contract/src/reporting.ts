// Reporting overview (/reporting/overview): organic search performance from YouTube Analytics
// (views and watch time from YouTube search per day, against the previous period, search's share
// of all views, the top search terms) and its monetary value with the method behind it.
import { z } from 'zod';
import { type ReportingPeriod } from './constants.ts';
import { COST_PER_VIEW_MAX, REPORTING_PERIODS } from './reporting-constants.ts';

/** The period of the overview, in days (in the page's URL). */
export const organicStatsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d): d is ReportingPeriod => (REPORTING_PERIODS as readonly number[]).includes(d), {
      message: `days must be one of ${REPORTING_PERIODS.join(', ')}`,
    })
    .default(REPORTING_PERIODS[0]),
});
export type OrganicStatsQuery = z.infer<typeof organicStatsQuery>;

/** A figure of the period against the same figure of the previous period. */
export const periodFigure = z.object({
  current: z.number(),
  previous: z.number(),
  /** Change in percent of the previous value, one decimal; null when the previous value is 0. */
  changePercent: z.number().nullable(),
});
export type PeriodFigure = z.infer<typeof periodFigure>;

/** One day of the period, and the same day of the previous period (by position). */
export const organicDay = z.object({
  day: z.string(),
  /** Views from YouTube search. */
  views: z.number().int(),
  /** Minutes watched from YouTube search. */
  watchMinutes: z.number().int(),
  /** Views from every traffic source. */
  totalViews: z.number().int(),
  /** Views from YouTube search on the matching day of the previous period. */
  previousViews: z.number().int(),
});
export type OrganicDay = z.infer<typeof organicDay>;

/** Where a term's cost per view came from: its CPC in the keyword data, or the default. */
export const valueSources = ['cpc', 'default'] as const;
export type ValueSource = (typeof valueSources)[number];

/** A search term that brought views from YouTube search in the period. */
export const searchTerm = z.object({
  term: z.string(),
  views: z.number().int(),
  watchMinutes: z.number().int(),
  /** The term's cost per click (USD) in the keyword-data cache; null when unknown. */
  cpc: z.number().nullable(),
  /** views × the cost per view used (USD, rounded to cents). */
  value: z.number(),
  valueSource: z.enum(valueSources),
});
export type SearchTerm = z.infer<typeof searchTerm>;

/** The cost per view used for views without a term CPC, and where it comes from. */
export const costPerViewSetting = z.object({
  /** The cost per view in use (USD). */
  costPerView: z.number(),
  /** 'channel': the channel's own override; 'location': the documented default of its location. */
  source: z.enum(['channel', 'location']),
  /** The documented default for the channel's location (USD), whether or not it is in use. */
  locationDefault: z.number(),
  /** The location it is the default for (e.g. 'United States'). */
  locationName: z.string(),
  /** The channel's override (USD); null when none is set. */
  override: z.number().nullable(),
});
export type CostPerViewSetting = z.infer<typeof costPerViewSetting>;

/** What the organic search views would have cost as ads, and how it was computed. */
export const monetaryValue = z.object({
  currency: z.literal('USD'),
  /** Value of the period and the previous one (USD, rounded to cents). */
  total: periodFigure,
  method: z.object({
    /** Views from search terms with a CPC in the keyword data, valued at that CPC. */
    cpcViews: z.number().int(),
    cpcValue: z.number(),
    /** The terms valued at their CPC. */
    cpcTerms: z.array(z.string()),
    /** The other views from search (terms without a CPC, terms beyond the top list), at the cost per view. */
    defaultViews: z.number().int(),
    defaultValue: z.number(),
    costPerView: costPerViewSetting,
  }),
});
export type MonetaryValue = z.infer<typeof monetaryValue>;

/** The reporting overview of a channel for one period. */
export const organicStats = z.object({
  days: z.number().int(),
  /** 'ready': figures to show; 'empty': YouTube reports no views for the channel in either period. */
  state: z.enum(['ready', 'empty']),
  period: z.object({ start: z.string(), end: z.string() }),
  previousPeriod: z.object({ start: z.string(), end: z.string() }),
  /** Views from YouTube search. */
  views: periodFigure,
  /** Minutes watched from YouTube search. */
  watchMinutes: periodFigure,
  /** Views from YouTube search as a percentage of all views (one decimal). */
  searchShare: periodFigure,
  /** Views from every source in the period. */
  totalViews: z.number().int(),
  /**
   * YouTube Analytics does not report subscribers gained by traffic source, so the overview has
   * no "subscribers from search" figure; stated here so clients can say so.
   */
  subscribersFromSearchAvailable: z.literal(false),
  daily: z.array(organicDay),
  topTerms: z.array(searchTerm),
  monetaryValue,
  /** When the figures were read from YouTube Analytics (reports are cached per day). */
  fetchedAt: z.string(),
});
export type OrganicStats = z.infer<typeof organicStats>;

/** Set the channel's cost per view (USD), or null to go back to the location's default. */
export const costPerViewBody = z.object({
  costPerView: z.number().finite().positive().max(COST_PER_VIEW_MAX).nullable(),
});
export type CostPerViewBody = z.infer<typeof costPerViewBody>;
