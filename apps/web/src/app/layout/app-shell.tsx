import { lazy, Suspense, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import { HEADER_HEIGHT, Header } from './header.tsx';
import { LeftNav, useCompactNav } from './left-nav.tsx';
import { NAV_COMPACT_WIDTH, NAV_WIDTH } from './nav-items.ts';
import { ChannelSyncBanner } from '../../components/sync-banner.tsx';

// The trial, read-only and failed-payment banners: their own chunk, so the shell stays small.
const BillingBanners = lazy(() => import('../../features/billing/components/billing-banners.tsx'));

/** Props of the app shell. */
export interface AppShellProps {
  showNav: boolean;
  showHeader: boolean;
  fullWidth: boolean;
  fullHeight: boolean;
  children: ReactNode;
}

/**
 * The signed-in frame: left navigation (a drawer below the sm breakpoint), the floating
 * header, then the main content. Loaded lazily so sign-in pages never download it.
 */
export default function AppShell({
  showNav,
  showHeader,
  fullWidth,
  fullHeight,
  children,
}: AppShellProps) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const compact = useCompactNav();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const railWidth = showNav && !small ? (compact ? NAV_COMPACT_WIDTH : NAV_WIDTH) : 0;

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (t) => t.zIndex.tooltip,
          bgcolor: 'background.paper',
          p: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Link>
      {showNav && !small ? (
        <Box sx={{ position: 'fixed', top: 0, left: 0, bottom: 0, zIndex: (t) => t.zIndex.drawer }}>
          <LeftNav />
        </Box>
      ) : null}
      {showNav && small ? (
        <>
          <IconButton
            aria-label="Open navigation"
            onClick={() => setDrawerOpen(true)}
            sx={{ position: 'fixed', top: 8, left: 8, zIndex: (t) => t.zIndex.appBar }}
          >
            <MenuIcon />
          </IconButton>
          <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
            <LeftNav variant="drawer" onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        </>
      ) : null}
      {showHeader ? <Header /> : null}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{
          ml: `${railWidth}px`,
          pt: showHeader || (showNav && small) ? `${HEADER_HEIGHT + 16}px` : 3,
          px: { xs: 2, sm: 3, md: 4 },
          pb: 4,
          minHeight: fullHeight ? '100vh' : undefined,
          outline: 'none',
        }}
      >
        <Box
          sx={{
            maxWidth: fullWidth ? 'none' : 1200,
            mx: 'auto',
            height: fullHeight ? '100%' : undefined,
          }}
        >
          {showHeader ? (
            <Suspense fallback={null}>
              <BillingBanners />
            </Suspense>
          ) : null}
          {showHeader ? <ChannelSyncBanner /> : null}
          {children}
        </Box>
      </Box>
    </Box>
  );
}
