/** The competition module's public surface: competitors' public data and the competition view. */
export {
  PUBLIC_DATA_MAX_AGE_MS,
  PublicChannelsService,
  type PublicChannelData,
} from './public-channels.service.ts';
