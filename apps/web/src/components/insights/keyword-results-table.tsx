import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { InsightsReport } from '@tubewise/contract';
import { formatViews } from './insights-format.ts';

type Keyword = InsightsReport['keywords'][number];

const COMPETITOR_ROW_BG = 'rgba(109, 40, 217, 0.08)';

/**
 * A keyword's top results: position, title, channel, views. Competitors' rows are tinted and
 * say "Competitor" in words too, so the highlight does not rest on colour alone.
 */
export function KeywordResultsTable({ keyword }: { keyword: Keyword }) {
  return (
    // Focusable, so the results can be scrolled sideways with the keyboard on narrow screens.
    <TableContainer
      role="group"
      aria-label={`Top results for ${keyword.keyword}, scrollable`}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <Table size="small" aria-label={`Top results for ${keyword.keyword}`}>
        <TableHead>
          <TableRow>
            <TableCell scope="col" sx={{ width: 72 }}>
              Position
            </TableCell>
            <TableCell scope="col">Title</TableCell>
            <TableCell scope="col">Channel</TableCell>
            <TableCell scope="col" align="right">
              Views
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keyword.topResults.map((result) => (
            <TableRow
              key={`${result.position}-${result.videoId}`}
              sx={result.isCompetitor ? { bgcolor: COMPETITOR_ROW_BG } : undefined}
            >
              <TableCell>{result.position}</TableCell>
              <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>{result.title}</TableCell>
              <TableCell sx={{ minWidth: 120 }}>
                {result.channelTitle}
                {result.isCompetitor ? (
                  <Box
                    component="span"
                    sx={{ display: 'block', fontWeight: 600, color: 'primary.dark' }}
                  >
                    Competitor
                  </Box>
                ) : null}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatViews(result.views)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
