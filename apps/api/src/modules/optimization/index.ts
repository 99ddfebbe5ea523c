/** The optimization module's public surface: the video list, editor, drafts, templates, thumbnails and publishing. */
export { DraftsService } from './drafts.service.ts';
export type { KeywordFigures } from './keyword-figures.ts';
export { registerOptimizationRoutes } from './optimization.routes.ts';
export { thumbnailUploadUrl } from './optimization.presenter.ts';
export { OptimizationService, type ThumbnailTestLookup } from './optimization.service.ts';
export { fetchPreviousThumbnail, type ImageFetch } from './previous-thumbnail.ts';
export { PublishJournal } from './publish-journal.ts';
export { PublishReconciler } from './publish-reconciler.ts';
export { PublishService } from './publish.service.ts';
export { TemplatesService } from './templates.service.ts';
export { ThumbnailsService } from './thumbnails.service.ts';
