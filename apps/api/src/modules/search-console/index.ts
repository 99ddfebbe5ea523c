/** The Google Search Console connection: its port, adapter, grant, consent, and the section. */
export * from './search-console.port.ts';
export {
  isMissingScope,
  SEARCH_CONSOLE_ROOT_URL,
  SearchConsoleAdapter,
  type SearchConsoleAdapterOptions,
} from './search-console.adapter.ts';
export { SearchConsoleGrants } from './search-console-grants.ts';
export {
  SEARCH_CONSOLE_LANDING_PATH,
  SEARCH_CONSOLE_RETURN_PARAM,
  SearchConsoleConnectService,
  type SearchConsoleReturn,
} from './search-console-connect.service.ts';
export { SearchConsoleRepository } from './search-console.repository.ts';
export { SearchConsoleService } from './search-console.service.ts';
export {
  registerSearchConsoleRoutes,
  SEARCH_CONSOLE_CALLBACK_PATH,
} from './search-console.routes.ts';
