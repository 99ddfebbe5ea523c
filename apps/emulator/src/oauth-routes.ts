// Google OAuth 2.0 endpoints: {prefix}/o/oauth2/v2/auth (GET chooser/consent, POST decision),
// {prefix}/token and {prefix}/revoke, in the formats google-auth-library sends and expects.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderAccountChooser, renderAuthError, renderConsent } from './consent-page.ts';
import { IDENTITY_SCOPES, isYouTubeScope, SCOPE_DESCRIPTIONS } from './oauth.ts';
import type { EmulatorState } from './state.ts';

/** The parameters of an authorization request after validation. */
interface AuthRequest {
  params: Record<string, string>;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
  codeChallenge?: string;
  offline: boolean;
  includeGrantedScopes: boolean;
  promptNone: boolean;
}

/** How many accounts the account chooser lists (the others are reached by e-mail). */
const CHOOSER_LISTED = 50;

const FORWARDED = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'access_type',
  'prompt',
  'include_granted_scopes',
  'login_hint',
] as const;

function flat(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((source ?? {}) as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v)) out[k] = v.map(String).join(',');
  }
  return out;
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .send(body);
}

/** Sends a token-endpoint body (Google pretty-prints these with two spaces). */
function tokenJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-cache, no-store, max-age=0, must-revalidate')
    .send(JSON.stringify(body, null, 2));
}

/** Registers the OAuth routes. */
export function registerOAuthRoutes(app: FastifyInstance, state: EmulatorState): void {
  const { oauth, options } = state;

  function validate(
    all: Record<string, string>,
  ): AuthRequest | { status: number; error: string; description: string } {
    const params: Record<string, string> = {};
    for (const key of FORWARDED) if (all[key] !== undefined) params[key] = all[key]!;
    if (!oauth.hasClient(params.client_id)) {
      return {
        status: 401,
        error: 'invalid_client',
        description: 'The OAuth client was not found.',
      };
    }
    const redirectUri = params.redirect_uri;
    let redirectOk: boolean;
    try {
      const url = new URL(redirectUri ?? '');
      redirectOk = (url.protocol === 'http:' || url.protocol === 'https:') && !url.hash;
    } catch {
      redirectOk = false;
    }
    if (!redirectOk || (options.redirectUris && !options.redirectUris.includes(redirectUri!))) {
      return {
        status: 400,
        error: 'redirect_uri_mismatch',
        description: `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. If you're the app developer, register the redirect URI in the Google Cloud Console. Request details: redirect_uri=${redirectUri ?? ''}`,
      };
    }
    if (params.response_type !== 'code') {
      return {
        status: 400,
        error: 'unsupported_response_type',
        description: `Invalid response_type: ${params.response_type ?? ''}`,
      };
    }
    const scopes = (params.scope ?? '').split(/[\s,]+/).filter(Boolean);
    if (scopes.length === 0)
      return {
        status: 400,
        error: 'invalid_request',
        description: 'Missing required parameter: scope',
      };
    const unknown = scopes.filter((s) => !(s in SCOPE_DESCRIPTIONS));
    if (unknown.length > 0) {
      return {
        status: 400,
        error: 'invalid_scope',
        description: `Some requested scopes were invalid. {invalid=[${unknown.join(', ')}]}`,
      };
    }
    if (params.code_challenge_method !== undefined && params.code_challenge === undefined) {
      return {
        status: 400,
        error: 'invalid_request',
        description: 'Missing required parameter: code_challenge',
      };
    }
    if (params.code_challenge !== undefined) {
      if ((params.code_challenge_method ?? 'plain') !== 'S256') {
        return {
          status: 400,
          error: 'invalid_request',
          description: 'Invalid code_challenge_method: only S256 is supported.',
        };
      }
      if (!/^[A-Za-z0-9._~-]{43,128}$/.test(params.code_challenge)) {
        return { status: 400, error: 'invalid_request', description: 'Invalid code_challenge.' };
      }
    }
    if (
      params.access_type !== undefined &&
      params.access_type !== 'online' &&
      params.access_type !== 'offline'
    ) {
      return {
        status: 400,
        error: 'invalid_request',
        description: `Invalid access_type: ${params.access_type}`,
      };
    }
    const prompts = (params.prompt ?? '').split(' ').filter(Boolean);
    if (prompts.some((p) => !['none', 'consent', 'select_account'].includes(p))) {
      return {
        status: 400,
        error: 'invalid_request',
        description: `Invalid prompt: ${params.prompt}`,
      };
    }
    if (
      params.include_granted_scopes !== undefined &&
      !['true', 'false'].includes(params.include_granted_scopes)
    ) {
      return {
        status: 400,
        error: 'invalid_request',
        description: 'Invalid include_granted_scopes.',
      };
    }
    const request: AuthRequest = {
      params,
      clientId: params.client_id!,
      redirectUri: redirectUri!,
      scopes,
      offline: params.access_type === 'offline',
      includeGrantedScopes: params.include_granted_scopes === 'true',
      promptNone: prompts.includes('none'),
    };
    if (params.state !== undefined) request.state = params.state;
    if (params.code_challenge !== undefined) request.codeChallenge = params.code_challenge;
    return request;
  }

  function redirectBack(
    reply: FastifyReply,
    req: AuthRequest,
    values: Record<string, string>,
  ): FastifyReply {
    const url = new URL(req.redirectUri);
    if (req.state !== undefined) url.searchParams.set('state', req.state);
    for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
    return reply.code(302).header('location', url.toString()).send();
  }

  app.get('/o/oauth2/v2/auth', async (request, reply) => {
    const all = flat(request.query);
    const req = validate(all);
    if ('error' in req) return html(reply, req.status, renderAuthError(req.error, req.description));
    // No one is signed in to the emulated Google, so prompt=none cannot succeed.
    if (req.promptNone) return redirectBack(reply, req, { error: 'interaction_required' });
    const hinted = all.authuser ?? all.login_hint;
    const account = hinted ? oauth.account(hinted) : undefined;
    if (!account) {
      // Imports can create thousands of accounts: the chooser lists the first ones only.
      const everyone = state.accounts.all();
      const listed = everyone.slice(0, CHOOSER_LISTED);
      return html(
        reply,
        200,
        renderAccountChooser(req.params, listed, options.appName, {
          unlisted: everyone.length - listed.length,
          ...(hinted ? { notFound: hinted } : {}),
        }),
      );
    }
    // A brand account's channel is chosen only when YouTube access is asked for.
    const channels = req.scopes.some(isYouTubeScope)
      ? state.corpus.channelsOwnedBy(account.id)
      : undefined;
    return html(
      reply,
      200,
      renderConsent(
        { ...req.params, authuser: account.id },
        account,
        channels,
        req.scopes,
        options.appName,
      ),
    );
  });

  app.post('/o/oauth2/v2/auth', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const all = flat(body);
    const req = validate(all);
    if ('error' in req) return html(reply, req.status, renderAuthError(req.error, req.description));
    if (all.decision !== 'allow') return redirectBack(reply, req, { error: 'access_denied' });
    const account = all.authuser ? oauth.account(all.authuser) : undefined;
    if (!account)
      return html(reply, 400, renderAuthError('invalid_request', 'Choose an account first.'));
    const channels = req.scopes.some(isYouTubeScope)
      ? state.corpus.channelsOwnedBy(account.id)
      : [];
    let channelId: string | undefined;
    if (channels.length > 0) {
      channelId =
        all.channel && channels.some((c) => c.id === all.channel) ? all.channel : undefined;
      if (!channelId)
        return html(reply, 400, renderAuthError('invalid_request', 'Choose one of your channels.'));
    }
    const raw = body.granted_scope;
    const ticked = new Set(
      Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [],
    );
    // Identity scopes have no checkbox; others are granted only when ticked.
    const granted = req.scopes.filter((s) => IDENTITY_SCOPES.has(s) || ticked.has(s));
    if (req.includeGrantedScopes)
      for (const s of oauth.previouslyGranted(req.clientId, account.id, channelId))
        if (!granted.includes(s)) granted.push(s);
    const code = oauth.issueCode({
      clientId: req.clientId,
      redirectUri: req.redirectUri,
      accountId: account.id,
      ...(channelId ? { channelId } : {}),
      scopes: granted,
      ...(req.codeChallenge ? { codeChallenge: req.codeChallenge } : {}),
      offline: req.offline,
    });
    return redirectBack(reply, req, {
      code,
      scope: granted.join(' '),
      authuser: '0',
      prompt: 'consent',
    });
  });

  app.post('/token', async (request: FastifyRequest, reply) => {
    const body = flat(request.body);
    let clientId = body.client_id;
    let clientSecret = body.client_secret;
    const basic = request.headers.authorization?.match(/^Basic\s+(.+)$/i)?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      clientSecret = decodeURIComponent(secret ?? '');
    }
    const clientError = oauth.checkClient(clientId, clientSecret);
    if (clientError) return tokenJson(reply, clientError.status, clientError.body);
    if (body.grant_type === 'authorization_code') {
      const result = oauth.exchangeCode({
        code: body.code,
        redirectUri: body.redirect_uri,
        codeVerifier: body.code_verifier,
        clientId: clientId!,
      });
      return tokenJson(reply, result.status, result.body);
    }
    if (body.grant_type === 'refresh_token') {
      const result = oauth.refresh(body.refresh_token, clientId!);
      return tokenJson(reply, result.status, result.body);
    }
    return tokenJson(reply, 400, {
      error: 'unsupported_grant_type',
      error_description: `Invalid grant_type: ${body.grant_type ?? ''}`,
    });
  });

  const revoke = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = flat(request.query).token ?? flat(request.body).token;
    if (!oauth.revoke(token))
      return tokenJson(reply, 400, {
        error: 'invalid_token',
        error_description: 'Token expired or revoked',
      });
    return tokenJson(reply, 200, {});
  };
  app.post('/revoke', revoke);
  app.get('/revoke', revoke);
}
