/** The AI metadata module's public surface: eligibility, quota, generations and their feedback. */
export { AiMetadataService } from './ai-metadata.service.ts';
export { registerAiMetadataRoutes } from './ai-metadata.routes.ts';
export { PlatformCaptions, type CaptionSource } from './captions.ts';
export { WriterError, type MetadataWriter, type WriterAnswer } from './metadata-writer.ts';
export { OpenAiWriter } from './openai-writer.ts';
export { monthWindow } from './ai-quota.ts';
