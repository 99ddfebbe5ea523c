// The documented default cost per view (USD) by location: what a view of a YouTube in-stream ad
// (a TrueView/skippable view, paid when watched for 30 s or to the end) typically costs an
// advertiser there. The figures are rounded mid-points of the ranges ad-cost benchmarks report
// (US about $0.01–$0.04, western Europe and Japan somewhat lower, emerging markets a fraction of
// that); they are estimates, which is why a channel may set its own cost per view. Keyed by the
// Google Ads location code of the channel's keyword language (channel settings), e.g. 2840 = US.

/** Default cost per view (USD) by Google Ads location code. */
export const DEFAULT_COST_PER_VIEW: Readonly<Record<number, number>> = {
  2840: 0.026, // United States
  2826: 0.022, // United Kingdom
  2124: 0.02, // Canada
  2036: 0.022, // Australia
  2554: 0.018, // New Zealand
  2372: 0.018, // Ireland
  2756: 0.024, // Switzerland
  2276: 0.018, // Germany
  2040: 0.016, // Austria
  2250: 0.016, // France
  2528: 0.016, // Netherlands
  2752: 0.016, // Sweden
  2392: 0.018, // Japan
  2410: 0.014, // South Korea
  2380: 0.012, // Italy
  2724: 0.012, // Spain
  2620: 0.01, // Portugal
  2616: 0.008, // Poland
  2792: 0.004, // Turkey
  2643: 0.004, // Russia
  2076: 0.006, // Brazil
  2484: 0.006, // Mexico
  2032: 0.005, // Argentina
  2356: 0.004, // India
};

/** The cost per view (USD) for a location without its own entry. */
export const WORLDWIDE_COST_PER_VIEW = 0.01;

/** The documented default cost per view (USD) of a Google Ads location code. */
export function defaultCostPerView(locationCode: number): number {
  return DEFAULT_COST_PER_VIEW[locationCode] ?? WORLDWIDE_COST_PER_VIEW;
}
