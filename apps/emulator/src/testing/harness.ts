// Test harness: an emulator mounted under /emulator on a Fastify instance, and an OAuth helper
// that walks the consent flow with inject() the way a browser would.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEMO_ACCOUNT_CREATOR } from '../accounts.ts';
import { createEmulator, type Emulator, type EmulatorOptions } from '../emulator.ts';
import { s256 } from '../oauth.ts';

/** The redirect URI tests use. */
export const REDIRECT_URI = 'http://127.0.0.1:3000/api/oauth/callback';
/** The scopes the product asks for. */
export const PRODUCT_SCOPES = [
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/yt-analytics.readonly',
];

/** An emulator on a Fastify app under /emulator. */
export async function startEmulator(
  options: EmulatorOptions = {},
): Promise<{ app: FastifyInstance; emulator: Emulator }> {
  const emulator = createEmulator({
    publicUrl: 'http://127.0.0.1:3000/emulator',
    otherChannels: 20,
    ...options,
  });
  const app = Fastify();
  await app.register(emulator.plugin, { prefix: '/emulator' });
  await app.ready();
  return { app, emulator };
}

/** Options of the consent walk. */
export interface AuthorizeOptions {
  accountId?: string;
  /** The channel picked; null for an account without channels. */
  channelId?: string | null;
  scopes?: string[];
  /** Scopes whose checkbox is unticked. */
  untick?: string[];
  verifier?: string;
  deny?: boolean;
}

/** Authorization request parameters with PKCE. */
export function authParams(verifier: string, scopes = PRODUCT_SCOPES): URLSearchParams {
  return new URLSearchParams({
    client_id: 'tubewise-emulator-client',
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: scopes.join(' '),
    state: 'xsrf-123',
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
  });
}

/** Walks chooser → consent → redirect and returns the redirect URL. */
export async function consent(
  app: FastifyInstance,
  opts: AuthorizeOptions = {},
): Promise<{ location: URL; verifier: string }> {
  const verifier = opts.verifier ?? randomBytes(48).toString('base64url');
  const scopes = opts.scopes ?? PRODUCT_SCOPES;
  const params = authParams(verifier, scopes);
  const chooser = await app.inject({ url: `/emulator/o/oauth2/v2/auth?${params}` });
  if (chooser.statusCode !== 200) throw new Error(`chooser ${chooser.statusCode}: ${chooser.body}`);
  const form = new URLSearchParams(params);
  form.set('authuser', opts.accountId ?? DEMO_ACCOUNT_CREATOR.id);
  if (opts.channelId !== null) form.set('channel', opts.channelId ?? 'UCtw0demo00000000000001');

  for (const s of scopes) if (!opts.untick?.includes(s)) form.append('granted_scope', s);
  form.set('decision', opts.deny ? 'deny' : 'allow');
  const decided = await app.inject({
    method: 'POST',
    url: '/emulator/o/oauth2/v2/auth',
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (decided.statusCode !== 302)
    throw new Error(`decision ${decided.statusCode}: ${decided.body}`);
  return { location: new URL(String(decided.headers.location)), verifier };
}

/** POSTs a form to the token endpoint. */
export async function tokenRequest(app: FastifyInstance, fields: Record<string, string>) {
  const res = await app.inject({
    method: 'POST',
    url: '/emulator/token',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, raw: res.body };
}

/** Full flow: consent, then code exchange; returns the token response. */
export async function authorize(app: FastifyInstance, opts: AuthorizeOptions = {}) {
  const { location, verifier } = await consent(app, opts);
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  const res = await tokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: 'tubewise-emulator-client',
    client_secret: 'tubewise-emulator-secret',
    code_verifier: verifier,
  });
  if (res.status !== 200) throw new Error(`token ${res.status}: ${res.raw}`);
  return res.body as {
    access_token: string;
    refresh_token: string;
    scope: string;
    expires_in: number;
    token_type: string;
  };
}

/** inject() GET with a bearer token. */
export async function apiGet(app: FastifyInstance, path: string, token?: string) {
  const res = await app.inject({
    url: `/emulator${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { items?: Record<string, unknown>[] },
  };
}
