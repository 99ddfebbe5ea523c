import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Channel, VideoRow } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { optimizationVideoHref } from '../../../config/paths.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useActiveChannel } from '../../../lib/channels/use-active-channel.ts';
import { useChannelSync, useStartChannelSync } from '../../../lib/channels/channel-sync.ts';
import { SyncProgress } from '../../../components/sync-banner.tsx';
import { useCheckVideos } from '../api/check-videos.ts';
import { downloadVideoList } from '../api/export-videos.ts';
import { useVideos } from '../api/get-videos.ts';
import { HIGH_LEVEL, VIDEO_PAGE_SIZE, videoTabs } from './constants.ts';
import { formatPageRange } from '../../../lib/format.ts';
import { ListFilters } from './list-filters.tsx';
import {
  DEFAULT_TAB,
  hasFilters,
  listSearch,
  toggleSort,
  toVideoExportRequest,
  toVideoListRequest,
  withoutFilters,
  withTab,
  type ListState,
} from './list-params.ts';
import { useListParams, type ListParams } from './use-list-params.ts';
import { VideoCards } from './video-cards.tsx';
import { VideoTable } from './video-table.tsx';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { notify } from '../../../lib/notify.ts';

/** Accessible name of the progress bar of a sync shown in the "no videos yet" state. */
export const VIDEO_SYNC_PROGRESS_LABEL = 'Video sync progress';

/** The video to work on next on this page: highest impact among the not yet optimised. */
export function nextVideoToWorkOn(videos: readonly VideoRow[]): VideoRow | null {
  let best: VideoRow | null = null;
  for (const video of videos) {
    if (video.level >= HIGH_LEVEL) continue;
    if (!best || video.impact > best.impact) best = video;
  }
  return best;
}

function StatePanel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box role="status" sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <Typography variant="h3" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The channel has no videos: its sync is running (with progress) or found none. */
function NoVideosYet({ channel }: { channel: Channel }) {
  const { status, tracked } = useChannelSync(channel);
  const start = useStartChannelSync();
  const syncing = status?.isSyncing || tracked?.phase === 'starting';
  if (syncing) {
    return (
      <StatePanel title="Your videos are on their way">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          We are copying your videos from YouTube. They appear here as soon as the sync finishes.
        </Typography>
        <Box sx={{ maxWidth: 360, mx: 'auto' }}>
          <SyncProgress status={status} label={VIDEO_SYNC_PROGRESS_LABEL} />
        </Box>
      </StatePanel>
    );
  }
  return (
    <StatePanel title="No videos yet">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        We found no videos on {channel.name}. Upload a video on YouTube, then sync your channel.
      </Typography>
      <Button variant="outlined" onClick={() => start(channel)}>
        Sync now
      </Button>
    </StatePanel>
  );
}

function TabsBar({ params }: { params: ListParams }) {
  const { state } = params;
  return (
    <Tabs
      value={state.tab}
      aria-label="Video groups"
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: { xs: 1.5, sm: 0 }, borderBottom: 1, borderColor: 'divider' }}
    >
      {videoTabs.map((tab) => {
        const search = listSearch(withTab(state, tab.slug));
        return (
          <Tab
            key={tab.slug}
            value={tab.slug}
            label={tab.label}
            component={RouterLink}
            to={{ search: search ? `?${search}` : '' }}
          />
        );
      })}
    </Tabs>
  );
}

/** Label of the button that downloads the list as CSV. */
export const EXPORT_CSV_LABEL = 'Export CSV';

/**
 * Downloads every video the tab, filters and search select (all pages) as a CSV file; the
 * server builds it in one query, so a channel of thousands of videos is one request.
 */
function ExportButton({ channel, state }: { channel: Channel; state: ListState }) {
  const [busy, setBusy] = useState(false);
  const exportList = async () => {
    setBusy(true);
    try {
      await downloadVideoList(channel, toVideoExportRequest(state));
    } catch {
      notify('We could not export your videos. Please try again.', { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      onClick={() => void exportList()}
      loading={busy}
      loadingPosition="start"
    >
      {EXPORT_CSV_LABEL}
    </Button>
  );
}

/**
 * The video optimisation list (spec section 2): tabs, filters, a sortable table (cards on
 * small screens) of the active channel's videos, 50 per page, all held in the URL.
 */
export function VideoOptimizationList() {
  const { activeChannel, isLoading: channelLoading } = useActiveChannel();
  const { productName } = usePublicConfig();
  const params = useListParams();
  const { state, go } = params;
  const request = useMemo(() => toVideoListRequest(state), [state]);
  const channelId = activeChannel?.id;
  const query = useVideos(channelId, request);
  const data = query.data;
  useCheckVideos(
    channelId,
    query.isPlaceholderData ? undefined : data?.items.map((v) => v.videoId),
  );

  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });

  const loading = channelLoading || (Boolean(channelId) && query.isPending);
  const videos = data?.items ?? [];
  const next = nextVideoToWorkOn(videos);
  const filtered = hasFilters(state);

  let body: ReactNode;
  if (query.isError) {
    body = (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        We could not load your videos.
      </Alert>
    );
  } else if (!loading && !activeChannel) {
    body = <StatePanel title="No channel selected" />;
  } else if (!loading && data && videos.length === 0) {
    if (data.total > 0) {
      body = (
        <StatePanel title="This page is empty">
          <Button onClick={() => go({ ...state, page: 1 })}>Go to the first page</Button>
        </StatePanel>
      );
    } else if (filtered) {
      body = (
        <StatePanel title="No videos match these filters">
          <Button variant="outlined" onClick={() => go(withoutFilters(state))}>
            Clear filters
          </Button>
        </StatePanel>
      );
    } else if (state.tab !== DEFAULT_TAB) {
      const label = videoTabs.find((t) => t.slug === state.tab)?.label ?? '';
      body = <StatePanel title={`No videos in “${label}”`} />;
    } else {
      body = activeChannel ? <NoVideosYet channel={activeChannel} /> : null;
    }
  } else {
    const list = compact ? (
      <VideoCards
        videos={videos}
        loading={loading}
        state={state}
        onSort={(sort, order) => go({ ...state, sort, order, page: 1 })}
      />
    ) : (
      <VideoTable
        videos={videos}
        loading={loading}
        state={state}
        onSort={(field) => go(toggleSort(state, field))}
        productName={productName}
        wide={wide}
      />
    );
    body = (
      <>
        {loading ? (
          <Typography role="status" sx={visuallyHidden}>
            Loading videos…
          </Typography>
        ) : null}
        {list}
        {data && videos.length > 0 ? (
          <TablePagination
            component="div"
            count={data.total}
            page={state.page - 1}
            rowsPerPage={data.pageSize || VIDEO_PAGE_SIZE}
            rowsPerPageOptions={[]}
            labelDisplayedRows={({ from, to, count }) => formatPageRange(from, to, count)}
            onPageChange={(_e, page) => go({ ...state, page: page + 1 })}
          />
        ) : null}
      </>
    );
  }

  return (
    <>
      {/* On a phone the tabs take the whole width and the actions wrap below them, in the
          flow: nothing is positioned over the filters. */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        useFlexGap
        sx={{
          justifyContent: 'space-between',
          alignItems: { xs: 'stretch', sm: 'flex-end' },
          columnGap: 2,
          mb: 2,
        }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <TabsBar params={params} />
        </Box>
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', flexShrink: 0, mb: { sm: 1 } }}
        >
          {next ? (
            <Button
              variant="contained"
              component={RouterLink}
              to={optimizationVideoHref(next.videoId)}
            >
              Work on next video
            </Button>
          ) : null}
          {activeChannel && data && data.total > 0 ? (
            <ExportButton channel={activeChannel} state={state} />
          ) : null}
        </Stack>
      </Stack>
      <ListFilters
        channelId={channelId}
        params={params}
        shortsEnabled={data?.shortsEnabled ?? false}
      />
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {query.isFetching && !loading ? (
          <LinearProgress
            aria-label="Updating videos"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
          />
        ) : null}
        {body}
      </Paper>
    </>
  );
}
