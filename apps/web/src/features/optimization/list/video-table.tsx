import type { ReactNode } from 'react';
import type { VideoRow } from '@tubewise/contract';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import type { VideoSortField } from './constants.ts';
import { IMPACT_EXPLANATION, LEVEL_EXPLANATION } from './format.ts';
import type { ListState } from './list-params.ts';
import {
  ImpactMeter,
  LastUpdate,
  LevelMeter,
  VideoDate,
  VideoSummary,
  VideoThumbnail,
  Views,
} from './video-cells.tsx';

/** Column header tooltips (spec section 2; the impact's says why it falls as tips get done). */
export const COLUMN_TOOLTIPS = {
  level: LEVEL_EXPLANATION,
  impact: IMPACT_EXPLANATION,
  date: 'Date is the uploaded, scheduled or published date.',
} as const;

type ColumnKey = 'videos' | 'level' | 'impact' | 'lastUpdate' | 'views' | 'date';

interface Column {
  key: ColumnKey;
  label: string;
  width: string;
  sort?: VideoSortField;
  tooltip?: string;
  /** Hidden below the md breakpoint. */
  wide?: boolean;
}

/** The columns of spec section 2, in order, with their widths and sortability. */
export function tableColumns(productName: string): Column[] {
  return [
    { key: 'videos', label: 'Videos', width: '40%' },
    {
      key: 'level',
      label: 'Optimization level',
      width: '15%',
      sort: 'level',
      tooltip: COLUMN_TOOLTIPS.level,
    },
    {
      key: 'impact',
      label: 'Optimization impact',
      width: '15%',
      sort: 'impact',
      tooltip: COLUMN_TOOLTIPS.impact,
    },
    {
      key: 'lastUpdate',
      label: `Last update via ${productName}`,
      width: '15%',
      sort: 'lastUpdate',
      wide: true,
    },
    { key: 'views', label: 'Views', width: '10%', wide: true },
    { key: 'date', label: 'Date', width: '10%', sort: 'date', tooltip: COLUMN_TOOLTIPS.date },
  ];
}

function cellContent(key: ColumnKey, video: VideoRow): ReactNode {
  switch (key) {
    case 'videos':
      return (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <VideoThumbnail src={video.thumbnailUrl} />
          <VideoSummary video={video} />
        </Stack>
      );
    case 'level':
      return <LevelMeter level={video.level} />;
    case 'impact':
      return <ImpactMeter impact={video.impact} />;
    case 'lastUpdate':
      return <LastUpdate at={video.lastUpdate} />;
    case 'views':
      return <Views views={video.views} />;
    case 'date':
      return <VideoDate video={video} />;
  }
}

function HeaderCell({
  column,
  state,
  onSort,
}: {
  column: Column;
  state: ListState;
  onSort: (field: VideoSortField) => void;
}) {
  const active = column.sort !== undefined && state.sort === column.sort;
  const field = column.sort;
  const sortLabel = field ? (
    <TableSortLabel
      active={active}
      direction={active ? state.order : 'desc'}
      onClick={() => onSort(field)}
    >
      {column.label}
    </TableSortLabel>
  ) : null;
  // Every column with a tooltip is sortable: its focusable sort button carries the tooltip.
  const content =
    sortLabel && column.tooltip ? (
      <Tooltip title={column.tooltip} describeChild placement="top">
        {sortLabel}
      </Tooltip>
    ) : (
      (sortLabel ?? column.label)
    );
  return (
    <TableCell
      sortDirection={active ? state.order : false}
      sx={{ width: column.width, fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      {content}
    </TableCell>
  );
}

/** Number of placeholder rows while the first page loads. */
export const SKELETON_ROWS = 6;

/**
 * The list as a table: sortable headers with tooltips, one row per video, or skeleton rows
 * while loading. `wide` shows the views and last-update columns (md and up).
 */
export function VideoTable({
  videos,
  loading,
  state,
  onSort,
  productName,
  wide,
}: {
  videos: readonly VideoRow[];
  loading: boolean;
  state: ListState;
  onSort: (field: VideoSortField) => void;
  productName: string;
  wide: boolean;
}) {
  const columns = tableColumns(productName).filter((c) => wide || !c.wide);
  return (
    <TableContainer>
      <Table aria-label="Videos" aria-busy={loading || undefined} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <HeaderCell key={column.key} column={column} state={state} onSort={onSort} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <TableRow key={i} data-testid="skeleton-row">
                  {columns.map((column) => (
                    <TableCell key={column.key}>
                      {column.key === 'videos' ? (
                        <Stack direction="row" spacing={1.5}>
                          <Skeleton variant="rounded" width={120} height={68} />
                          <Skeleton variant="text" sx={{ flex: 1 }} />
                        </Stack>
                      ) : (
                        <Skeleton variant="text" />
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : videos.map((video) => (
                <TableRow key={video.videoId} hover>
                  {columns.map((column) => (
                    <TableCell key={column.key} sx={{ verticalAlign: 'top' }}>
                      {cellContent(column.key, video)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
