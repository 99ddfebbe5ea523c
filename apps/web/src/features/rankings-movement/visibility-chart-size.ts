/** Height of the visibility chart; its placeholder has the same, so nothing jumps when it loads. */
export const VISIBILITY_CHART_HEIGHT = 280;
