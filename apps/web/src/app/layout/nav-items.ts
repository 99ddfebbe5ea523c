/**
 * Left navigation items and the rules that pick the active item (spec section 2). Pure so
 * every rule is unit-tested without rendering.
 */
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import BookmarkBorderOutlined from '@mui/icons-material/BookmarkBorderOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LeaderboardOutlined from '@mui/icons-material/LeaderboardOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { paths } from '../../config/paths.ts';
import { LABS_CHIP } from '../../config/texts.ts';

/** Viewport height at or below which the navigation is compact. */
export const NAV_COMPACT_MAX_HEIGHT = 770;
/** Navigation width, regular and compact. */
export const NAV_WIDTH = 120;
export const NAV_COMPACT_WIDTH = 80;
/** Navigation icon size in px. */
export const NAV_ICON_SIZE = 24.7;
/** Media query matching the compact navigation. */
export const COMPACT_NAV_MEDIA_QUERY = `(max-height:${NAV_COMPACT_MAX_HEIGHT}px)`;

/** Whether a viewport of this height gets the compact navigation. */
export function isCompactNav(viewportHeight: number): boolean {
  return viewportHeight <= NAV_COMPACT_MAX_HEIGHT;
}

/** Identifies a navigation item. */
export type NavKey =
  | 'ideation'
  | 'saved-ideas'
  | 'optimization'
  | 'reporting'
  | 'keywords-ranking'
  | 'competition'
  | 'labs'
  | 'settings';

/** One navigation item (spec section 2, "Navigation item"). */
export interface NavItem {
  key: NavKey;
  label: string;
  link: string;
  icon: ComponentType<SvgIconProps>;
  /** Shown when true, or when the function of the user's flags says so. */
  enabled: boolean | ((flags: ReadonlySet<string>) => boolean);
  chip?: string;
  openInNewTab?: boolean;
  group: 'top' | 'bottom';
}

/** All navigation items in display order. */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    key: 'ideation',
    label: 'Ideation',
    link: paths.videoIdeaDiscover,
    icon: LightbulbOutlined,
    enabled: true,
    group: 'top',
  },
  {
    key: 'saved-ideas',
    label: 'Saved ideas',
    link: paths.videoIdeaSaved,
    icon: BookmarkBorderOutlined,
    enabled: true,
    group: 'top',
  },
  {
    key: 'optimization',
    label: 'Optimization',
    link: paths.optimization,
    icon: TuneOutlined,
    enabled: true,
    group: 'top',
  },
  {
    key: 'reporting',
    label: 'Reporting',
    link: paths.reportingOverview,
    icon: InsightsOutlined,
    enabled: true,
    group: 'top',
  },
  {
    key: 'keywords-ranking',
    label: 'Keywords ranking',
    link: paths.reportingRankings,
    icon: LeaderboardOutlined,
    enabled: true,
    group: 'top',
  },
  {
    key: 'competition',
    label: 'Competition',
    link: paths.competition,
    icon: GroupsOutlined,
    // The literal, not COMPETITION_FLAG: its module (@tubewise/contract/onboarding-constants)
    // would add its chunk (about 0.25 KB gzip) to every signed-in page's first load.
    enabled: (flags) => flags.has('competition_user'),
    group: 'top',
  },
  {
    key: 'labs',
    label: 'Labs',
    link: paths.labs,
    icon: ScienceOutlined,
    enabled: (flags) => flags.has('labs_user'),
    chip: LABS_CHIP,
    group: 'bottom',
  },
  {
    key: 'settings',
    label: 'Settings',
    link: paths.settingsAccount,
    icon: SettingsOutlined,
    enabled: true,
    group: 'bottom',
  },
];

/** The items the user may see, given their feature flags. */
export function visibleNavItems(items: readonly NavItem[], flags: ReadonlySet<string>): NavItem[] {
  return items.filter((item) =>
    typeof item.enabled === 'function' ? item.enabled(flags) : item.enabled,
  );
}

const under = (pathname: string, base: string): boolean =>
  pathname === base || pathname.startsWith(`${base}/`);

/** The navigation item highlighted for a path, or null when none applies. */
export function activeNavKey(
  pathname: string,
  features: { newOptimizePage: boolean },
): NavKey | null {
  if (under(pathname, paths.optimization)) return 'optimization';
  if (features.newOptimizePage && under(pathname, paths.optimize)) return 'optimization';
  if (under(pathname, paths.videoIdeaSaved)) return 'saved-ideas';
  if (under(pathname, '/settings')) return 'settings';
  if (under(pathname, paths.reportingOverview) || pathname === paths.reporting) return 'reporting';
  // Every other reporting view (rankings, keywords) and the new rankings page.
  if (under(pathname, paths.reporting) || under(pathname, paths.newRankings)) {
    return 'keywords-ranking';
  }
  // Discover and details per the spec; the ideation inbox settings belong to Ideation too.
  if (
    under(pathname, paths.videoIdeaDiscover) ||
    under(pathname, paths.videoIdeaDetails) ||
    under(pathname, paths.videoIdeaSettings) ||
    pathname === paths.videoIdea
  ) {
    return 'ideation';
  }
  if (under(pathname, paths.competition)) return 'competition';
  if (under(pathname, paths.labs)) return 'labs';
  return null;
}
