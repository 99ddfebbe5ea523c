import type { Idea } from '@tubewise/contract';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { IdeaCompetition, IdeaTrend, IdeaVolume, OpportunityChip } from './idea-cells.tsx';
import { ideaDetailsHref } from './idea-format.ts';
import type { IdeaSort, IdeaSortKey } from './idea-sorting.ts';
import { SaveIdeaButton } from './save-idea-button.tsx';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';

/** Props of the idea list (a table, or compact cards below the sm breakpoint). */
export interface IdeaListProps {
  /** Accessible name of the table or list, e.g. "Video ideas". */
  label: string;
  ideas: readonly Idea[];
  /** Rows shown as skeletons after the ideas (first load or the next page loading). */
  skeletonRows: number;
  compact: boolean;
  /** Location state passed to the details page (so it can link back here). */
  linkState?: unknown;
  /** The channel ideas are saved to; with it, every idea gets a Save button. */
  channelId?: string;
  /** The order shown; with `onSort`, the table's column headers sort. */
  sort?: IdeaSort;
  onSort?: (key: IdeaSortKey) => void;
}

function IdeaTitle({ idea, linkState }: { idea: Idea; linkState?: unknown }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={ideaDetailsHref(idea.phrase, idea.languageId)}
          state={linkState}
          underline="hover"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {idea.phrase}
        </Link>
        {idea.savedIdeaIds.length > 0 ? (
          <Chip size="small" label="Saved" color="primary" variant="outlined" />
        ) : null}
      </Stack>
      <Typography
        variant="body2"
        color="text.secondary"
        noWrap
        title={idea.reason}
        sx={{ maxWidth: '100%' }}
      >
        {idea.reason}
      </Typography>
    </Box>
  );
}

const COLUMNS = [
  { key: 'idea', label: 'Idea', width: '44%' },
  { key: 'volume', label: 'Est. monthly searches', width: '14%' },
  { key: 'competition', label: 'Competition', width: '12%' },
  { key: 'trend', label: 'Trend', width: '14%' },
  { key: 'opportunity', label: 'Opportunity', width: '16%' },
] as const;
/** The Save column, when ideas can be saved from the list. */
const SAVE_COLUMN_WIDTH = 112;

function IdeaTable({
  label,
  ideas,
  skeletonRows,
  linkState,
  channelId,
  sort,
  onSort,
}: IdeaListProps) {
  const saving = channelId !== undefined;
  return (
    <TableContainer>
      <Table
        aria-label={label}
        aria-busy={skeletonRows > 0 || undefined}
        sx={{ tableLayout: 'fixed' }}
      >
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => {
              const active = sort?.key === c.key;
              return (
                <TableCell
                  key={c.key}
                  sx={{ width: c.width }}
                  aria-sort={
                    active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                  }
                >
                  {onSort ? (
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.direction : 'desc'}
                      onClick={() => onSort(c.key)}
                    >
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              );
            })}
            {saving ? (
              <TableCell sx={{ width: SAVE_COLUMN_WIDTH }}>
                <Box component="span" sx={visuallyHidden}>
                  Save
                </Box>
              </TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {ideas.map((idea) => (
            <TableRow key={idea.id} hover sx={{ height: 72 }}>
              <TableCell>
                <IdeaTitle idea={idea} linkState={linkState} />
              </TableCell>
              <TableCell>
                <IdeaVolume volume={idea.volume} />
              </TableCell>
              <TableCell>
                <IdeaCompetition competition={idea.competition} />
              </TableCell>
              <TableCell>
                <IdeaTrend idea={idea} />
              </TableCell>
              <TableCell>
                <OpportunityChip score={idea.opportunity} />
              </TableCell>
              {saving ? (
                <TableCell>
                  <SaveIdeaButton idea={idea} channelId={channelId} />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
          {Array.from({ length: skeletonRows }, (_, i) => (
            <TableRow key={`skeleton-${i}`} aria-hidden sx={{ height: 72 }}>
              <TableCell>
                <Skeleton variant="text" width="60%" />
                <Skeleton variant="text" width="85%" />
              </TableCell>
              {COLUMNS.slice(1).map((c) => (
                <TableCell key={c.key}>
                  <Skeleton variant="text" width="60%" />
                </TableCell>
              ))}
              {saving ? <TableCell /> : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function IdeaCards({ label, ideas, skeletonRows, linkState, channelId }: IdeaListProps) {
  return (
    <Stack
      component="ul"
      aria-label={label}
      aria-busy={skeletonRows > 0 || undefined}
      spacing={1.5}
      sx={{ listStyle: 'none', m: 0, p: 1.5 }}
    >
      {ideas.map((idea) => (
        <Paper key={idea.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
          <IdeaTitle idea={idea} linkState={linkState} />
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: '1fr 1fr',
              gap: 1.5,
              mt: 1,
              alignItems: 'end',
            }}
          >
            <Figure label="Est. monthly searches">
              <IdeaVolume volume={idea.volume} />
            </Figure>
            <Figure label="Competition">
              <IdeaCompetition competition={idea.competition} />
            </Figure>
            <Figure label="Trend">
              <IdeaTrend idea={idea} />
            </Figure>
            <Figure label="Opportunity">
              <OpportunityChip score={idea.opportunity} />
            </Figure>
          </Box>
          {channelId !== undefined ? (
            <Box sx={{ mt: 1 }}>
              <SaveIdeaButton idea={idea} channelId={channelId} />
            </Box>
          ) : null}
        </Paper>
      ))}
      {Array.from({ length: skeletonRows }, (_, i) => (
        <Paper key={`skeleton-${i}`} component="li" aria-hidden variant="outlined" sx={{ p: 1.5 }}>
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="text" />
          <Skeleton variant="rounded" height={44} sx={{ mt: 1 }} />
        </Paper>
      ))}
    </Stack>
  );
}

/** Ideas with their estimated figures, trend, opportunity and reason, linking to details. */
export function IdeaList(props: IdeaListProps) {
  return props.compact ? <IdeaCards {...props} /> : <IdeaTable {...props} />;
}
