import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { paths } from '../../config/paths.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { trackEvent } from '../../lib/tracking.ts';
import { parseFlags, useUser } from '../../lib/user.ts';
import {
  activeNavKey,
  COMPACT_NAV_MEDIA_QUERY,
  NAV_COMPACT_WIDTH,
  NAV_ICON_SIZE,
  NAV_ITEMS,
  NAV_WIDTH,
  visibleNavItems,
  type NavItem,
} from './nav-items.ts';

/** Whether the navigation is in compact mode (viewport height ≤ 770px). */
export function useCompactNav(): boolean {
  return useMediaQuery(COMPACT_NAV_MEDIA_QUERY, { noSsr: true });
}

/**
 * A navigation link's accessible name: its label, then its chip ("Labs BETA"). It contains the
 * visible text word for word (WCAG 2.5.3, label in name); "Labs (BETA)" did not.
 */
export function navLinkName(item: Pick<NavItem, 'label' | 'chip'>): string {
  return item.chip ? `${item.label} ${item.chip}` : item.label;
}

function NavLink({
  item,
  active,
  compact,
  onNavigate,
}: {
  item: NavItem;
  active: boolean;
  compact: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  const newTab = item.openInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const button = (
    <ListItemButton
      component={RouterLink}
      to={item.link}
      {...newTab}
      selected={active}
      aria-current={active ? 'page' : undefined}
      // Labels are hidden in compact mode; the accessible name must not depend on them.
      aria-label={navLinkName(item)}
      onClick={() => {
        trackEvent('navigation_click', { item: item.key, link: item.link });
        onNavigate?.();
      }}
      sx={{
        flexDirection: 'column',
        gap: 0.5,
        py: compact ? 1 : 1.25,
        px: 0.5,
        mx: 1,
        borderRadius: 2,
        color: active ? 'primary.main' : 'text.secondary',
        '&.Mui-selected': { bgcolor: 'rgba(109, 40, 217, 0.10)' },
      }}
    >
      <Icon aria-hidden sx={{ fontSize: NAV_ICON_SIZE }} />
      {compact ? null : (
        <Typography
          component="span"
          variant="caption"
          sx={{ fontWeight: active ? 700 : 500, textAlign: 'center', lineHeight: 1.2 }}
        >
          {item.label}
        </Typography>
      )}
      {/* Keeps the label and the chip apart in the visible text ("Labs BETA"), as in the name. */}
      {item.chip ? ' ' : null}
      {item.chip ? (
        <Chip
          label={item.chip}
          size="small"
          color="primary"
          sx={{ height: 18, fontSize: 10, fontWeight: 700 }}
        />
      ) : null}
    </ListItemButton>
  );
  return compact ? (
    <Tooltip title={item.label} placement="left">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

/** The left navigation: logo, top group, bottom group (spec section 2). */
export function LeftNav({
  variant = 'rail',
  onNavigate,
}: {
  /** `rail` is the fixed side bar; `drawer` fills the small-screen drawer. */
  variant?: 'rail' | 'drawer';
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const config = usePublicConfig();
  const user = useUser(false).data;
  const compactViewport = useCompactNav();
  const compact = variant === 'rail' && compactViewport;
  // Items depend on client-only state (flags, viewport), so they appear after the first mount.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const items = visibleNavItems(NAV_ITEMS, parseFlags(user?.flags));
  const active = activeNavKey(pathname, { newOptimizePage: config.features.newOptimizePage });
  const group = (name: NavItem['group']) => (
    <List disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {items
        .filter((i) => i.group === name)
        .map((item) => (
          <li key={item.key}>
            <NavLink
              item={item}
              active={item.key === active}
              compact={compact}
              onNavigate={onNavigate}
            />
          </li>
        ))}
    </List>
  );

  return (
    <Box
      component="nav"
      aria-label="Main"
      data-compact={compact ? 'true' : 'false'}
      sx={{
        width: variant === 'drawer' ? NAV_WIDTH : compact ? NAV_COMPACT_WIDTH : NAV_WIDTH,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        py: compact ? 1 : 2,
        gap: 1,
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
        overflowY: 'auto',
      }}
    >
      <Box
        component={RouterLink}
        to={paths.home}
        aria-label={`${config.productName} home`}
        onClick={onNavigate}
        sx={{
          display: 'flex',
          justifyContent: 'center',
          mb: compact ? 1 : 2,
          color: 'primary.main',
          textDecoration: 'none',
        }}
      >
        <Box component="img" src="/favicon.svg" alt="" width={36} height={36} />
      </Box>
      {mounted ? group('top') : null}
      <Box sx={{ flex: 1 }} />
      {mounted ? group('bottom') : null}
    </Box>
  );
}
