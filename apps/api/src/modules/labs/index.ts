/** The labs module's public surface (labs_user): thumbnail A/B tests, their runner and routes. */
export { LABS_FLAG } from './labs-flag.ts';
export { ThumbnailTestRunner } from './thumbnail-test-runner.ts';
export { registerLabsRoutes } from './thumbnail-tests.routes.ts';
export { ThumbnailTestsService } from './thumbnail-tests.service.ts';
export { nextQuotaDayStart } from './exposure.ts';
