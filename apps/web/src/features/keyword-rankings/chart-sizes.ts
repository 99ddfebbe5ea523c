/** Heights of the page's lazily loaded charts (the placeholders take the same room). */
export const DISTRIBUTION_CHART_HEIGHT = 180;
export const HISTORY_CHART_HEIGHT = 220;
