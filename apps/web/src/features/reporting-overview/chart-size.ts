/** Height of the daily chart; its placeholder has the same, so nothing jumps when it loads. */
export const ORGANIC_CHART_HEIGHT = 280;
