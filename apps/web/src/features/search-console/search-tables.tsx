// The section's tables: web queries (top, and those leading to pages with the channel's videos)
// and pages (top, and those embedding the channel's videos). Every figure the charts draw is here.
import type { ReactNode } from 'react';
import type { ChannelSearchConsole } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../lib/format.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { ctrText, pageText, positionText } from './search-console-format.ts';

type Report = NonNullable<ChannelSearchConsole['report']>;
type QueryRow = Report['queries'][number];
type PageRow = Report['pages'][number];

/** The four Search Console figures as right-aligned header cells. */
function FigureHeads() {
  return (
    <>
      <TableCell scope="col" align="right">
        Clicks
      </TableCell>
      <TableCell scope="col" align="right">
        Impressions
      </TableCell>
      <TableCell scope="col" align="right">
        <abbr title="Click-through rate">CTR</abbr>
      </TableCell>
      <TableCell scope="col" align="right">
        Position
      </TableCell>
    </>
  );
}

function FigureCells({ row }: { row: QueryRow | PageRow }) {
  return (
    <>
      <TableCell align="right">{formatNumber(row.clicks)}</TableCell>
      <TableCell align="right">{formatNumber(row.impressions)}</TableCell>
      <TableCell align="right">{ctrText(row.ctr)}</TableCell>
      <TableCell align="right">{positionText(row.position)}</TableCell>
    </>
  );
}

/** A table that scrolls sideways on narrow screens instead of squeezing its columns. */
function ScrollingTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        {children}
      </Table>
    </Box>
  );
}

/** What an empty table says instead. */
export function EmptyRows({ children }: { children: ReactNode }) {
  return <Typography color="text.secondary">{children}</Typography>;
}

/** Web queries with their clicks, impressions, click-through and position. */
export function QueriesTable({ rows, caption }: { rows: readonly QueryRow[]; caption: string }) {
  return (
    <ScrollingTable caption={caption}>
      <TableHead>
        <TableRow>
          <TableCell scope="col">Query</TableCell>
          <FigureHeads />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.query}>
            <TableCell
              component="th"
              scope="row"
              sx={{ minWidth: 160, overflowWrap: 'break-word' }}
            >
              {r.query}
            </TableCell>
            <FigureCells row={r} />
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}

/** A page's address as a link that opens it in a new tab. */
function PageLink({ url }: { url: string }) {
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
      {pageText(url)}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (opens in a new tab)
      </Box>
    </Link>
  );
}

/** Pages with their figures; `embeds` adds the channel's videos they embed and their views. */
export function PagesTable({
  rows,
  caption,
  embeds = false,
}: {
  rows: readonly PageRow[];
  caption: string;
  embeds?: boolean;
}) {
  return (
    <ScrollingTable caption={caption}>
      <TableHead>
        <TableRow>
          <TableCell scope="col">Page</TableCell>
          {embeds ? (
            <>
              <TableCell scope="col" align="right">
                Your videos
              </TableCell>
              <TableCell scope="col" align="right">
                Embedded views
              </TableCell>
            </>
          ) : null}
          <FigureHeads />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.page}>
            <TableCell component="th" scope="row" sx={{ minWidth: 180 }}>
              <PageLink url={r.page} />
            </TableCell>
            {embeds ? (
              <>
                <TableCell align="right">{formatNumber(r.embeddedVideoIds.length)}</TableCell>
                <TableCell align="right">{formatNumber(r.embeddedViews)}</TableCell>
              </>
            ) : null}
            <FigureCells row={r} />
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}
