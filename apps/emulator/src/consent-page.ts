// Server-rendered pages of the emulated Google sign-in: account chooser, consent screen (channel
// choice for brand accounts, one checkbox per requested scope, Allow / Deny) and error page.
import type { DemoAccount } from './accounts.ts';
import type { ChannelRecord } from './corpus/types.ts';
import { IDENTITY_SCOPES, SCOPE_DESCRIPTIONS } from './oauth.ts';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f0f4f9;color:#1f1f1f}
main{max-width:460px;margin:48px auto;background:#fff;border-radius:24px;padding:32px 36px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.brand{font-size:14px;color:#444;margin:0 0 16px;display:flex;gap:8px;align-items:center}
.dot{width:12px;height:12px;border-radius:50%;background:conic-gradient(#4285f4 0 25%,#ea4335 0 50%,#fbbc05 0 75%,#34a853 0)}
h1{font-size:24px;font-weight:400;margin:0 0 8px}
p{margin:0 0 16px}
.muted{color:#444;font-size:14px}
ul.accounts{list-style:none;padding:0;margin:16px 0}
ul.accounts button{width:100%;text-align:left;background:none;border:0;border-top:1px solid #ddd;padding:12px 4px;font:inherit;cursor:pointer;display:flex;gap:12px;align-items:center}
ul.accounts li:last-child button{border-bottom:1px solid #ddd}
ul.accounts button:hover{background:#f3f6fc}
.avatar{width:32px;height:32px;border-radius:50%;background:#1a73e8;color:#fff;display:grid;place-items:center;font-weight:600;flex:none}
.email{display:block;color:#444;font-size:14px}
fieldset{border:1px solid #ddd;border-radius:12px;margin:0 0 16px;padding:12px 16px}
legend{padding:0 6px;font-weight:600}
label{display:flex;gap:10px;align-items:flex-start;padding:6px 0;cursor:pointer}
input[type=checkbox],input[type=radio]{width:18px;height:18px;margin-top:3px;flex:none}
.actions{display:flex;justify-content:flex-end;gap:12px;margin-top:24px}
.btn{font:inherit;font-weight:500;border-radius:20px;padding:8px 24px;cursor:pointer;border:1px solid #747775;background:#fff;color:#0b57d0}
.btn.primary{background:#0b57d0;border-color:#0b57d0;color:#fff}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.error{color:#b3261e}
code{background:#f3f3f3;padding:1px 4px;border-radius:4px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand"><span class="dot" aria-hidden="true"></span>Sign in with Google <span class="muted">(Tubewise emulator)</span></p>
${body}
</main>
</body>
</html>`;
}

function hiddenInputs(params: Record<string, string>, skip: readonly string[] = []): string {
  return Object.entries(params)
    .filter(([k]) => !skip.includes(k))
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');
}

/** The account chooser (step 1): listed accounts, and an e-mail field for any other one. */
export function renderAccountChooser(
  params: Record<string, string>,
  accounts: readonly DemoAccount[],
  appName: string,
  more: { unlisted?: number; notFound?: string } = {},
): string {
  const items = accounts
    .map(
      (a) => `<li><button type="submit" name="authuser" value="${escapeHtml(a.id)}">
<span class="avatar" aria-hidden="true">${escapeHtml(a.name.charAt(0))}</span>
<span><span>${escapeHtml(a.name)}</span><span class="email">${escapeHtml(a.email)}</span></span>
</button></li>`,
    )
    .join('\n');
  return page(
    'Choose an account',
    `<h1>Choose an account</h1>
<p class="muted">to continue to ${escapeHtml(appName)}</p>
<form method="get" action="">
${hiddenInputs(params, ['authuser'])}
<ul class="accounts">
${items}
</ul>
</form>
<form method="get" action="">
${hiddenInputs(params, ['authuser', 'login_hint'])}
<label for="login_hint" style="display:block">Use another account</label>
${more.notFound ? `<p class="error" id="login_hint_error" role="alert">Couldn’t find a Google Account for ${escapeHtml(more.notFound)}</p>` : ''}
<p style="display:flex;gap:8px"><input type="email" id="login_hint" name="login_hint" autocomplete="email" required placeholder="Email"${more.notFound ? ' aria-describedby="login_hint_error"' : ''} style="flex:1;font:inherit;padding:8px;border:1px solid #747775;border-radius:4px"> <button class="btn" type="submit">Next</button></p>
${more.unlisted ? `<p class="muted">${more.unlisted} more account(s) of imported channels are not listed: enter one’s e-mail (the import command prints them).</p>` : ''}
</form>`,
  );
}

/** The consent screen (step 2). */
export function renderConsent(
  params: Record<string, string>,
  account: DemoAccount,
  /** The account's channels to choose from; undefined when no YouTube access is asked for. */
  channels: readonly ChannelRecord[] | undefined,
  requestedScopes: readonly string[],
  appName: string,
): string {
  const channelChoice = !channels
    ? ''
    : channels.length > 1
      ? `<fieldset>
<legend>Choose a channel</legend>
<p class="muted">${escapeHtml(account.email)} manages several YouTube channels. ${escapeHtml(appName)} will get access to the one you choose.</p>
${channels
  .map(
    (c, i) =>
      `<label><input type="radio" name="channel" value="${escapeHtml(c.id)}"${i === 0 ? ' checked' : ''} required> <span>${escapeHtml(c.title)}</span></label>`,
  )
  .join('\n')}
</fieldset>`
      : channels.length === 1
        ? `<input type="hidden" name="channel" value="${escapeHtml(channels[0]!.id)}"><p>Channel: <strong>${escapeHtml(channels[0]!.title)}</strong></p>`
        : `<p class="muted">This Google Account has no YouTube channel.</p>`;
  const optional = requestedScopes.filter((s) => !IDENTITY_SCOPES.has(s));
  const identity = requestedScopes.filter((s) => IDENTITY_SCOPES.has(s));
  const scopeList = optional
    .map(
      (s, i) =>
        `<label for="scope-${i}"><input type="checkbox" id="scope-${i}" name="granted_scope" value="${escapeHtml(s)}" checked> <span>${escapeHtml(SCOPE_DESCRIPTIONS[s] ?? s)}</span></label>`,
    )
    .join('\n');
  const identityList = identity.length
    ? `<p class="muted">${escapeHtml(appName)} will also ${identity.map((s) => escapeHtml((SCOPE_DESCRIPTIONS[s] ?? s).toLowerCase())).join('; ')}.</p>`
    : '';
  return page(
    `${appName} wants access to your Google Account`,
    `<h1>${escapeHtml(appName)} wants access to your Google Account</h1>
<p class="muted">${escapeHtml(account.name)} · ${escapeHtml(account.email)} · <a href="?${escapeHtml(new URLSearchParams(Object.entries(params).filter(([k]) => k !== 'authuser')).toString())}">Use another account</a></p>
<form method="post" action="">
${hiddenInputs(params)}
${channelChoice}
<fieldset>
<legend>Select what ${escapeHtml(appName)} can access</legend>
${scopeList || `<p class="muted">No ${channels ? 'YouTube ' : ''}access requested.</p>`}
</fieldset>
${identityList}
<p class="muted">Make sure you trust ${escapeHtml(appName)}. You can remove its access at any time.</p>
<div class="actions">
<button class="btn" type="submit" name="decision" value="deny">Deny</button>
<button class="btn primary" type="submit" name="decision" value="allow">Allow</button>
</div>
</form>`,
  );
}

/** Google's "Access blocked" error page for an invalid authorization request. */
export function renderAuthError(error: string, description: string): string {
  return page(
    'Access blocked: Authorization Error',
    `<h1>Access blocked: This app’s request is invalid</h1>
<p class="error" role="alert">Error 400: ${escapeHtml(error)}</p>
<p>${escapeHtml(description)}</p>`,
  );
}
