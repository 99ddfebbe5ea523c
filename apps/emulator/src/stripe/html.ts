// The hosted pages' frame: one stylesheet (inline, allowed by its hash in the CSP), HTML escaping,
// the card form shared by Checkout, the portal and the invoice page, and the security headers.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../consent-page.ts';
import type { CardField, CardRefusal } from './cards.ts';

export { escapeHtml };

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f8fa;color:#1a1f36}
main{max-width:960px;margin:0 auto;padding:32px 20px}
.brand{display:flex;gap:12px;align-items:center;font-weight:600;margin:0 0 24px}
.badge{font-size:12px;font-weight:700;background:#ffde92;color:#5c3b00;border-radius:4px;padding:2px 6px;text-transform:uppercase}
.grid{display:grid;gap:32px;grid-template-columns:repeat(auto-fit,minmax(300px,1fr))}
.card{background:#fff;border:1px solid #d5dbe1;border-radius:12px;padding:24px;margin:0 0 24px}
h1{font-size:24px;margin:0 0 8px}
h2{font-size:20px;margin:0 0 12px}
h3{font-size:17px;margin:0 0 4px}
p{margin:0 0 12px}
.price{font-size:32px;font-weight:700;margin:0 0 4px}
.muted{color:#4f566b}
.small{font-size:14px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0 0 12px}
dt{color:#4f566b}
dd{margin:0}
label{display:block;font-weight:600;margin:12px 0 4px}
input[type=text],input[type=email]{width:100%;font:inherit;padding:10px 12px;border:1px solid #6b7385;border-radius:6px;background:#fff;color:#1a1f36}
input[aria-invalid=true]{border:2px solid #b3261e}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.field-error{color:#b3261e;font-size:14px;margin:4px 0 0}
.alert{color:#8c1d18;background:#fdecea;border:1px solid #b3261e;border-radius:6px;padding:12px;margin:0 0 16px}
.status{color:#0f5132;background:#e6f4ea;border:1px solid #2e7d32;border-radius:6px;padding:12px;margin:0 0 16px}
button{font:inherit;font-weight:600;border-radius:6px;padding:10px 18px;cursor:pointer;border:1px solid #4f46e5;background:#fff;color:#3730a3;margin-top:12px}
button.primary{background:#4f46e5;color:#fff;width:100%;padding:12px}
button.danger{border-color:#b3261e;color:#8c1d18}
a{color:#3730a3}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
fieldset{border:1px solid #d5dbe1;border-radius:8px;margin:12px 0;padding:8px 16px 16px}
legend{font-weight:600;padding:0 6px}
.choice{display:flex;gap:10px;align-items:center;margin:8px 0}
.choice label{margin:0;font-weight:400}
.choice input{width:18px;height:18px}
table{width:100%;border-collapse:collapse;font-size:15px;margin:0 0 16px}
th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #d5dbe1}
th{color:#4f566b;font-weight:600}
td.num,th.num{text-align:right}
.actions{display:flex;gap:12px;flex-wrap:wrap;align-items:center}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** A full page around `body`. */
export function page(title: string, appName: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand"><span>${escapeHtml(appName)}</span><span class="badge">Test mode</span></p>
${body}
</main>
</body>
</html>`;
}

/** The origins a page's forms may lead to (its own, and where it redirects after a POST). */
function originsOf(urls: readonly (string | null | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return [...origins];
}

/**
 * Sends a page with Stripe-like security headers and a CSP that allows only its stylesheet. The
 * referrer policy is same-origin: the page's URL (a capability) never leaves for success_url or
 * cancel_url, while its own form POSTs still carry their Origin (no-referrer would send null).
 */
export function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  redirectTargets: readonly (string | null | undefined)[] = [],
): FastifyReply {
  const formAction = ["'self'", ...originsOf(redirectTargets)].join(' ');
  return reply
    .code(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The values the card form shows again after an error (never the CVC). */
export interface CardFormValues {
  number?: string;
  expiry?: string;
  name?: string;
  email?: string;
}

const FIELD_IDS: Record<CardField, string> = {
  number: 'cardnumber',
  expiry: 'cardexpiry',
  cvc: 'cardcvc',
  name: 'billingname',
  email: 'email',
};

/** The card inputs: every input labelled, each error tied to its input (aria-describedby). */
export function cardFields(
  values: CardFormValues,
  refusals: readonly CardRefusal[],
  options: { askEmail?: boolean } = {},
): string {
  const errorOf = (field: CardField) => refusals.find((r) => r.field === field);
  const input = (
    field: CardField,
    label: string,
    attrs: string,
    value: string | undefined,
    hint?: string,
    type = 'text',
  ) => {
    const id = FIELD_IDS[field];
    const error = errorOf(field);
    const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ');
    return `<label for="${id}">${escapeHtml(label)}</label>
${hint ? `<p class="muted small" id="${id}-hint">${escapeHtml(hint)}</p>` : ''}<input type="${type}" id="${id}" name="${id}" ${attrs}${value ? ` value="${escapeHtml(value)}"` : ''}${error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''} required>
${error ? `<p class="field-error" id="${id}-error">${escapeHtml(error.message)}</p>` : ''}`;
  };
  const email = options.askEmail
    ? input('email', 'Email', 'autocomplete="email"', values.email, undefined, 'email')
    : '';
  return `${email}
${input('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"', values.number)}
<div class="row">
<div>${input('expiry', 'Expiration (MM / YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"', values.expiry)}</div>
<div>${input('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"', undefined)}</div>
</div>
${input('name', 'Name on card', 'autocomplete="cc-name"', values.name)}`;
}

/** The summary of what went wrong, read out at once (role="alert"). */
export function alertBox(refusals: readonly CardRefusal[]): string {
  if (refusals.length === 0) return '';
  const declined = refusals.find((r) => r.code === 'card_declined' || r.declineCode);
  const messages = declined ? [declined.message] : [...new Set(refusals.map((r) => r.message))];
  return `<div class="alert" role="alert">${messages.map((m) => `<p>${escapeHtml(m)}</p>`).join('')}</div>`;
}

/** The test-card hint under every card form. */
export const TEST_CARD_HINT = `<p class="muted small">Test mode: 4242 4242 4242 4242 succeeds with any future date and any CVC; 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 is saved but later charges fail.</p>`;

/** Reads the card form's fields from a parsed form body. */
export function readCardForm(body: unknown): {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
  email: string;
} {
  const form = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
  return {
    number: text('cardnumber').slice(0, 40),
    expiry: text('cardexpiry').slice(0, 20),
    cvc: text('cardcvc').slice(0, 8),
    name: text('billingname').slice(0, 200),
    email: text('email').slice(0, 300),
  };
}
