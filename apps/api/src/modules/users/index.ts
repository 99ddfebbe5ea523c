/** The users module's public surface: accounts, sign-in, and how a person is named. */
export { displayName } from './display-name.ts';
export { UsersRepository } from './users.repository.ts';
export { registerUserRoutes } from './users.routes.ts';
export { assertAcceptablePassword, UsersService, type RequestMeta } from './users.service.ts';
