import { OAUTH_RETURN_PARAMS } from '@tubewise/contract';

/** Longest return path kept with an OAuth state. */
export const RETURN_PATH_MAX_LENGTH = 2000;

// A fixed origin to resolve against: a path that leaves it is not one of the app's pages.
const APP_ORIGIN = 'http://app.invalid';

// Prefixes served by the server itself, not pages of the app: never a place to return to.
const NOT_APP_PAGES = ['/api', '/oauth', '/emulator', '/dev', '/assets'];

// The product id of the connected channel, added by the callback with the return parameters.
const CHANNEL_PARAM = 'channel';

/**
 * The same-origin page path a browser may be sent back to after the OAuth consent, or null when
 * `raw` is not one. Accepted: a path starting with exactly one "/", with no backslash, no control
 * character or space, no scheme, that stays on this origin once percent-decoded too (so
 * `/%2F%2Fevil.com` and `/%5Cevil` are refused like `//evil.com` and `/\evil`), and that is not one of
 * the server's own prefixes (API, OAuth, emulator). The OAuth return parameters are removed from
 * its query: the callback sets its own.
 */
export function safeOAuthReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > RETURN_PATH_MAX_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (!isPlainPath(raw) || /[\s\u0000-\u001f\u007f-\u009f]/.test(raw)) return null;
  // The path part once and twice percent-decoded (%252F → %2F → /) must still be plain.
  let pathPart = raw.split(/[?#]/, 1)[0]!;
  for (let round = 0; round < 2; round++) {
    try {
      pathPart = decodeURIComponent(pathPart);
    } catch {
      return null;
    }
    if (!isPlainPath(pathPart)) return null;
  }
  let url: URL;
  try {
    url = new URL(raw, APP_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== APP_ORIGIN) return null;
  const lower = url.pathname.toLowerCase();
  if (NOT_APP_PAGES.some((p) => lower === p || lower.startsWith(`${p}/`))) return null;
  for (const name of [...OAUTH_RETURN_PARAMS, CHANNEL_PARAM]) url.searchParams.delete(name);
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments may collapse into "//" ("/..//evil.com"): judge what would be sent.
  return isPlainPath(path) ? path : null;
}

/** One leading slash and no second one, no backslash, no control character, no scheme. */
function isPlainPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return false;
  // "/https://evil" or "/javascript:…" read as a scheme by a careless parser: refused too.
  return !/^[a-z][a-z0-9+.-]*:/i.test(value.slice(1));
}
