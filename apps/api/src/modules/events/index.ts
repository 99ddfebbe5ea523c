/** The events module's public surface: usage events and page views. */
export { registerEventRoutes } from './events.routes.ts';
export { EventsService, type EventBatchOptions } from './events.service.ts';
