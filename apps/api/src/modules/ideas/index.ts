/** The ideas module's public surface: discovering, saving and scripting ideas, the weekly inbox. */
export { registerIdeaInboxRoutes } from './idea-inbox.routes.ts';
export { IdeaInboxService, ideasFromSuggestions, WEEKLY_IDEAS_FLAG } from './idea-inbox.service.ts';
export { registerIdeaRoutes } from './ideas.routes.ts';
export { IdeasService } from './ideas.service.ts';
export { scoreOpportunity, type OpportunityInput } from './opportunity.ts';
export { registerSavedIdeaRoutes } from './saved-ideas.routes.ts';
export { SavedIdeasService } from './saved-ideas.service.ts';
export { ScriptsService } from './scripts.service.ts';
