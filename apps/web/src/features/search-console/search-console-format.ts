// Texts and numbers of the Google search section: periods, click-through, positions, properties.
import {
  SEARCH_CONSOLE_PERIODS,
  type SearchConsolePeriod,
} from '@tubewise/contract/labs-constants';
import type { SearchConsoleSite } from '@tubewise/contract';

/** The URL parameter of the section's period (the overview's own `days` has other periods). */
export const SEARCH_DAYS_PARAM = 'googleDays';

/** The period a `?googleDays=` value names; the default (28) for anything else. */
export function searchPeriodOf(value: string | null): SearchConsolePeriod {
  const days = Number(value);
  return (SEARCH_CONSOLE_PERIODS as readonly number[]).includes(days)
    ? (days as SearchConsolePeriod)
    : SEARCH_CONSOLE_PERIODS[0];
}

/** A click-through rate (0–1) in percent with one decimal at most: "4.2%", "0%". */
export function ctrText(ctr: number): string {
  return `${Math.round(ctr * 1000) / 10}%`;
}

/** An average position with one decimal: "3.4"; "–" when Google shows the item nowhere. */
export function positionText(position: number): string {
  return position > 0 ? position.toFixed(1) : '–';
}

/** A Search Console day (YYYY-MM-DD, Pacific) as the page writes it: "Nov 20, 2026". */
export function searchDayText(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const DOMAIN_PREFIX = 'sc-domain:';

/** How Search Console names a property: the domain of a domain property, else its URL prefix. */
export function siteName(siteUrl: string): string {
  return siteUrl.startsWith(DOMAIN_PREFIX) ? siteUrl.slice(DOMAIN_PREFIX.length) : siteUrl;
}

/** What kind of property it is, in words. */
export function siteKind(siteUrl: string): string {
  return siteUrl.startsWith(DOMAIN_PREFIX)
    ? 'Domain property: every subdomain and protocol'
    : 'URL-prefix property: only addresses starting with this URL';
}

const PERMISSIONS: Record<string, string> = {
  siteOwner: 'Owner',
  siteFullUser: 'Full user',
  siteRestrictedUser: 'Restricted user',
  siteUnverifiedUser: 'Not verified',
};

/** The person's permission on a property, as Search Console's settings page words it. */
export function permissionText(site: Pick<SearchConsoleSite, 'permissionLevel'>): string {
  return PERMISSIONS[site.permissionLevel] ?? site.permissionLevel;
}

/** A page's address without the protocol, as people read it: "www.example.com/recipes/". */
export function pageText(url: string): string {
  return url.replace(/^https?:\/\//, '');
}
