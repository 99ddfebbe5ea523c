/**
 * Query parameters whose values never reach the logs (reset links, OAuth codes, keys, and the
 * onboarding's browser session id, which is all that binds a public onboarding to its browser).
 */
const SENSITIVE_PARAM =
  /^(token|code|state|password|secret|key|api_key|apikey|access_token|refresh_token|id_token|sessionid|session_id)$/i;

/** The URL with the values of sensitive query parameters replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as it came.
      }
      return SENSITIVE_PARAM.test(decoded.trim()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

/** A request as Fastify hands it to the `req` log serializer. */
interface LoggedRequest {
  method: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request log serializer, with sensitive query values redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
