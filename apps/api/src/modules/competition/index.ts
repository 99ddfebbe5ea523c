/** The competition module's public surface: competitors' public data and the competition view. */
export {
  PUBLIC_DATA_MAX_AGE_MS,
  PublicChannelsService,
  type PublicChannelData,
} from './public-channels.service.ts';
export { CompetitorsService } from './competitors.service.ts';
export { CompetitionRepository } from './competition.repository.ts';
export { CompetitionService } from './competition.service.ts';
export { registerCompetitionRoutes } from './competition.routes.ts';
