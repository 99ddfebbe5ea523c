/** The Google Search Console connection: its port (domain types, scopes) and the adapter. */
export * from './search-console.port.ts';
export {
  isMissingScope,
  SEARCH_CONSOLE_ROOT_URL,
  SearchConsoleAdapter,
  type SearchConsoleAdapterOptions,
} from './search-console.adapter.ts';
