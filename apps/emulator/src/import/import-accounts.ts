// The Google accounts imported channels belong to, so they can be connected through the normal
// consent flow. Either every channel of an import goes to one account (`--account=EMAIL`), or
// each channel gets its own account, named after it: <channel-slug>@imported.tubewise.test.
import { createHash } from 'node:crypto';
import type { DemoAccount } from '../accounts.ts';

/** The e-mail domain of the accounts the importer creates per channel. */
export const IMPORTED_ACCOUNT_DOMAIN = 'imported.tubewise.test';

/** A Google-like numeric account id (21 digits), stable for an e-mail address. */
export function accountIdForEmail(email: string): string {
  const digest = createHash('sha256').update(email.toLowerCase()).digest();
  let digits = '';
  for (let i = 0; digits.length < 17; i++) digits += String(digest[i]! % 10);
  return `1083${digits}`;
}

/** Whether text is usable as an account e-mail address. */
export function isAccountEmail(text: string): boolean {
  return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(text) && text.length <= 254;
}

/** An account for an e-mail given on the command line (name: the part before the @). */
export function accountForEmail(email: string): DemoAccount {
  const lower = email.toLowerCase();
  return { id: accountIdForEmail(lower), email: lower, name: lower.split('@')[0]! };
}

function slug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 40)
    .replace(/\.+$/, '');
}

/**
 * The account of one imported channel: its e-mail is the channel title's slug (or its id when the
 * title has no Latin letters or digits); a slug already taken gets the id's last 6 characters.
 */
export function accountForChannel(
  channel: { id: string; title: string },
  isTaken: (email: string) => boolean,
): DemoAccount {
  const base = slug(channel.title) || channel.id.toLowerCase();
  let email = `${base}@${IMPORTED_ACCOUNT_DOMAIN}`;
  if (isTaken(email))
    email = `${base}-${channel.id.slice(-6).toLowerCase()}@${IMPORTED_ACCOUNT_DOMAIN}`;
  return { id: accountIdForEmail(email), email, name: channel.title };
}
