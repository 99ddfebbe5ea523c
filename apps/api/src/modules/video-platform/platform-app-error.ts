import { AppError } from '../../lib/errors.ts';
import { PlatformError } from './video-platform.port.ts';

/** Turns a platform failure into the product error the client handles (spec section 6). */
export function platformToAppError(error: unknown): unknown {
  if (!(error instanceof PlatformError)) return error;
  switch (error.kind) {
    case 'invalid-grant':
      return new AppError(
        'invalid-grant',
        'Failed to connect to the video platform API. Reconnect your channel to continue.',
      );
    case 'forbidden':
      return new AppError(
        'video-platform-access-forbidden',
        "The connected account doesn't have the permission to retrieve this data.",
      );
    case 'quota':
      return new AppError(
        'platform-quota-exceeded',
        "Today's YouTube API quota is used up. It resets at midnight Pacific time.",
      );
    case 'not-found':
      return new AppError('not-found', 'The video platform could not find it.');
    case 'bad-request':
      // Localizations need a default language (platform-facts): the spec's publish flag.
      if (error.reason === 'defaultLanguageNotSet')
        return new AppError(
          'no-default-language',
          'YouTube needs a default language for this video before it can be updated. Choose the video language and publish again.',
        );
      return new AppError('bad-request', error.message);
    default:
      return new AppError(
        'platform-unavailable',
        'The video platform is not answering. Please try again shortly.',
      );
  }
}
