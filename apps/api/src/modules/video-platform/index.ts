/** The video platform: its port (what the product needs from YouTube), the YouTube adapter, error mapping. */
export { platformToAppError } from './platform-app-error.ts';
export { toPlatformError } from './platform-errors.ts';
export * from './video-platform.port.ts';
export { YouTubeAdapter } from './youtube.adapter.ts';
export { quotaDayOf, UnitBudget } from './unit-budget.ts';
