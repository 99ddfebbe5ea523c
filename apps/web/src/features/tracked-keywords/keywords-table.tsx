import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { TrackedKeywordRow } from '@tubewise/contract';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { optimizationVideoHref } from '../../config/paths.ts';
import { formatDateTime, formatRelativeDate } from '../../lib/format.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import {
  changeDirection,
  changeFigure,
  changeText,
  competitionText,
  rankText,
  volumeText,
} from './format.ts';

/** Rows per page the table offers; the first is the default. */
export const ROWS_PER_PAGE = [25, 50, 100] as const;

const THUMB = { width: 64, height: 36 };

function ChangeCell({ change }: { change: number | null }) {
  const direction = changeDirection(change);
  const color =
    direction === 'up' ? 'success.main' : direction === 'down' ? 'error.main' : 'text.secondary';
  const Icon = direction === 'up' ? ArrowUpward : direction === 'down' ? ArrowDownward : null;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color, whiteSpace: 'nowrap' }}
    >
      {Icon ? <Icon fontSize="inherit" aria-hidden /> : null}
      <span aria-hidden>{changeFigure(change)}</span>
      <Box component="span" sx={visuallyHidden}>
        {changeText(change)}
      </Box>
    </Box>
  );
}

function VideoCell({ video }: { video: TrackedKeywordRow['video'] }) {
  if (!video) return <span>–</span>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      {video.thumbnailUrl ? (
        <Box
          component="img"
          src={video.thumbnailUrl}
          alt=""
          width={THUMB.width}
          height={THUMB.height}
          loading="lazy"
          sx={{ borderRadius: 0.5, flexShrink: 0, objectFit: 'cover', bgcolor: 'grey.100' }}
        />
      ) : null}
      <Link
        component={RouterLink}
        to={optimizationVideoHref(video.id)}
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          overflowWrap: 'anywhere',
        }}
      >
        {video.title}
      </Link>
    </Box>
  );
}

/**
 * The tracked keywords, a page at a time: keyword, language, volume, competition, rank, the
 * ranking video (linking to its editor), the 7-day change and the last check. Rows are selected
 * with their checkboxes (the header's selects the page) for deleting.
 */
export function KeywordsTable({
  items,
  depth,
  languageName,
  selected,
  onSelectedChange,
  busy,
}: {
  items: TrackedKeywordRow[];
  depth: number;
  languageName: (id: string) => string;
  selected: ReadonlySet<string>;
  onSelectedChange: (next: ReadonlySet<string>) => void;
  /** A delete is under way (deletingKeywords): the selection is frozen. */
  busy: boolean;
}) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(ROWS_PER_PAGE[0]);
  const lastPage = Math.max(0, Math.ceil(items.length / rowsPerPage) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = items.slice(shownPage * rowsPerPage, (shownPage + 1) * rowsPerPage);
  const selectedOnPage = rows.filter((r) => selected.has(r.id)).length;

  const setRow = (id: string, on: boolean): void => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };
  const setPageRows = (on: boolean): void => {
    const next = new Set(selected);
    for (const r of rows) {
      if (on) next.add(r.id);
      else next.delete(r.id);
    }
    onSelectedChange(next);
  };

  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Tracked keywords" sx={{ minWidth: 880 }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                  checked={rows.length > 0 && selectedOnPage === rows.length}
                  disabled={busy}
                  onChange={(e) => setPageRows(e.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Select every keyword on this page' } }}
                />
              </TableCell>
              <TableCell>Keyword</TableCell>
              <TableCell>Language</TableCell>
              <TableCell align="right">
                <Tooltip title="Monthly searches (keyword data)">
                  <span>Volume</span>
                </Tooltip>
              </TableCell>
              <TableCell>Competition</TableCell>
              <TableCell>Rank</TableCell>
              <TableCell sx={{ width: 260 }}>Ranking video</TableCell>
              <TableCell>Change (7 days)</TableCell>
              <TableCell>Last checked</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover selected={selected.has(row.id)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(row.id)}
                    disabled={busy}
                    onChange={(e) => setRow(row.id, e.target.checked)}
                    slotProps={{ input: { 'aria-label': `Select ${row.keyword}` } }}
                  />
                </TableCell>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  {row.keyword}
                </TableCell>
                <TableCell>{languageName(row.language)}</TableCell>
                <TableCell align="right">{volumeText(row.volume)}</TableCell>
                <TableCell>{competitionText(row.competition)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {rankText(row.rank, row.day, depth)}
                </TableCell>
                <TableCell>
                  <VideoCell video={row.video} />
                </TableCell>
                <TableCell>
                  <ChangeCell change={row.change7} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {row.checkedAt ? (
                    <Tooltip title={formatDateTime(row.checkedAt)}>
                      <time dateTime={row.checkedAt}>{formatRelativeDate(row.checkedAt)}</time>
                    </Tooltip>
                  ) : (
                    'Not yet'
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {items.length > ROWS_PER_PAGE[0] ? (
        <TablePagination
          component="div"
          count={items.length}
          page={shownPage}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={[...ROWS_PER_PAGE]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(e) => {
            setRowsPerPage(Number(e.target.value));
            setPage(0);
          }}
        />
      ) : null}
    </>
  );
}
