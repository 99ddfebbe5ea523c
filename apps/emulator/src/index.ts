// The video-platform emulator: Google OAuth 2.0 and the YouTube Data and Analytics APIs, keyword
// data, chat completions, and (with options.stripe) Stripe's billing API and hosted pages.
export {
  createEmulator,
  EMULATOR_API_KEY,
  EMULATOR_SEARCH_CONSOLE_CLIENT,
  type Emulator,
  type EmulatorOptions,
} from './emulator.ts';
export type { EmulatorControl, AddChannelRequest, EmulatorStateSummary } from './control.ts';
export {
  DEFAULT_STRIPE_PRICES,
  DEFAULT_STRIPE_SECRET_KEY,
  DEFAULT_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_VERSION,
  type StripeEmulatorOptions,
  type StripePriceConfig,
} from './stripe/stripe-options.ts';
export { STRIPE_STATE_FILE, type StripeEmulatorHandle } from './stripe/stripe-emulator.ts';
export type { DeliveryAttempt, PendingWebhook } from './stripe/webhooks.ts';
export { WEBHOOK_MAX_ATTEMPTS, retryDelayMs, signatureHeader } from './stripe/webhooks.ts';
export { CARD_MESSAGES } from './stripe/cards.ts';
export type { EmulatorState, ResolvedOptions } from './state.ts';
export {
  AccountDirectory,
  DEMO_ACCOUNTS,
  DEMO_ACCOUNT_CREATOR,
  DEMO_ACCOUNT_NO_CHANNEL,
  type DemoAccount,
} from './accounts.ts';
export { Corpus, uploadsPlaylistId } from './corpus/corpus.ts';
export {
  DEMO_CHANNELS,
  addGeneratedChannel,
  generateChannelContent,
  generateDemoCorpus,
  type AddChannelOptions,
  type CorpusOptions,
  type DemoChannelSpec,
} from './corpus/generate.ts';
export {
  importFiles,
  parseImportText,
  readImportFile,
  type FileReport,
  type ImportSummary,
} from './import/importer.ts';
export { ImportError } from './import/import-error.ts';
export { ImportedWorld, IMPORTS_FILE } from './import/imported-world.ts';
export { IMPORT_FORMATS, type ImportFormat } from './import/formats.ts';
export type { ChannelRecord, PlaylistRecord, VideoRecord } from './corpus/types.ts';
export { QuotaMeter, pacificDay, type QuotaDay, type QuotaLedger } from './quota.ts';
export * from './quota-costs.ts';
export { tagCost, tagsTotalLength, TAGS_MAX_TOTAL_CHARACTERS } from './tags.ts';
export { s256, type OAuthClient } from './oauth.ts';
export {
  DATAFORSEO_VERSION,
  EMULATOR_KEYWORD_DATA_CREDENTIALS,
  KeywordDataEmulator,
  type KeywordDataCall,
  type KeywordDataCredentials,
} from './keyword-data-routes.ts';
export {
  KeywordModel,
  KEYWORD_LANGUAGES,
  KEYWORD_LOCATIONS,
  volumeBucket,
  type KeywordFigures,
  type Market,
} from './keyword-data.ts';
export {
  parseReportQuery,
  runReport,
  searchTermsOf,
  type ReportContext,
  type ReportQuery,
} from './analytics.ts';
export { analyticsContext } from './analytics-routes.ts';
export {
  CHAT_COMPLETIONS_METHOD,
  LLM_MODEL_ID,
  MODELS_METHOD,
  estimateTokens,
} from './llm-routes.ts';
export {
  extractVideoData,
  writeMetadata,
  writeMetadataForPrompt,
  type GeneratedMetadata,
  type VideoData,
} from './llm-generator.ts';
export { CHAT_FAILURE_KINDS, type ChatFailureKind } from './switches.ts';
export { captionTrackId, type CaptionTrack } from './captions.ts';
