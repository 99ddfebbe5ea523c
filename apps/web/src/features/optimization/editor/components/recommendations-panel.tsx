import type { Tip, TipGroup } from '@tubewise/recommendations';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DoNotDisturbOn from '@mui/icons-material/DoNotDisturbOnOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { formatDate, formatNumber } from '../../../../lib/format.ts';
import {
  IMPACT_EXPLANATION,
  IMPACT_LABEL,
  impactValueText,
  levelColor,
  levelValueText,
} from '../../list/format.ts';
import type { EditorAction, RecommendationsState } from '../editor-state.ts';
import type { LiveTips } from '../live-tips.ts';
import { competitionText } from './search-term-field.tsx';

/** The groups in the order the panel shows them. */
export const TIP_GROUPS: readonly { group: TipGroup; label: string }[] = [
  { group: 'search-term', label: 'Search term' },
  { group: 'title', label: 'Title' },
  { group: 'description', label: 'Description' },
  { group: 'tags', label: 'Tags' },
  { group: 'thumbnail', label: 'Thumbnail' },
  { group: 'other', label: 'Other' },
];

/** The optimisation level as a progress ring filling up as tips are applied. */
function LevelRing({ level }: { level: number }) {
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex', flexShrink: 0 }}>
      <CircularProgress
        variant="determinate"
        value={100}
        size={112}
        thickness={5}
        sx={{ color: 'grey.200', position: 'absolute' }}
        aria-hidden
      />
      <CircularProgress
        variant="determinate"
        value={level}
        size={112}
        thickness={5}
        color={levelColor(level)}
        aria-label="Optimization level"
        aria-valuetext={levelValueText(level)}
      />
      <Box
        sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
        aria-hidden
      >
        <Typography variant="h4" component="span" sx={{ fontWeight: 700 }}>
          {level}%
        </Typography>
      </Box>
    </Box>
  );
}

/** The impact as what is left to gain: a neutral bar (never red or green) and its number. */
function RoomToImprove({ impact, dense = false }: { impact: number; dense?: boolean }) {
  return (
    <>
      <Typography variant={dense ? 'caption' : 'subtitle2'} component="p">
        {IMPACT_LABEL}: {impact}/100
      </Typography>
      <LinearProgress
        variant="determinate"
        value={impact}
        color="inherit"
        aria-label={IMPACT_LABEL}
        aria-valuetext={impactValueText(impact)}
        sx={{ height: dense ? 4 : 8, borderRadius: 4, my: 0.5, color: 'text.secondary' }}
      />
    </>
  );
}

/** Tips applied and counted: the level's "x of y tips done". */
function tipProgress(live: LiveTips): { done: number; counted: number } {
  const counted = live.tips.filter((t) => t.applicable && !t.ignored);
  return { done: counted.filter((t) => t.passed).length, counted: counted.length };
}

/**
 * The live level and impact in one line, for the top of the fields on a phone, where the
 * recommendations panel sits far below them; it stays in view (sticky) while the fields scroll.
 */
export function CompactLevel({ live }: { live: LiveTips }) {
  const { done, counted } = tipProgress(live);
  return (
    <Box
      role="group"
      aria-label="Live optimization level"
      data-testid="compact-level"
      sx={{
        display: { xs: 'flex', md: 'none' },
        position: 'sticky',
        // Below the fixed header (64 px) with a small gap.
        top: 72,
        zIndex: 2,
        alignItems: 'center',
        gap: 1.5,
        mx: { xs: -2, sm: -3 },
        mt: { xs: -2, sm: -3 },
        px: { xs: 2, sm: 3 },
        py: 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        borderTopLeftRadius: 'inherit',
        borderTopRightRadius: 'inherit',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
          Optimization level: {live.level}% · {done} of {counted} tips done
        </Typography>
        <LinearProgress
          variant="determinate"
          value={live.level}
          color={levelColor(live.level)}
          aria-label="Optimization level"
          aria-valuetext={levelValueText(live.level)}
          sx={{ height: 6, borderRadius: 3, my: 0.5 }}
        />
      </Box>
      <Box sx={{ width: 120, flexShrink: 0 }}>
        <RoomToImprove impact={live.impact} dense />
      </Box>
    </Box>
  );
}

function TipIcon({ tip }: { tip: Tip }) {
  if (tip.ignored) return <DoNotDisturbOn color="disabled" titleAccess="Ignored" />;
  if (tip.passed) return <CheckCircle color="success" titleAccess="Done" />;
  return <ErrorOutline color="warning" titleAccess="To do" />;
}

function TipItem({
  tip,
  open,
  onToggle,
  onIgnore,
}: {
  tip: Tip;
  open: boolean;
  onToggle: () => void;
  onIgnore: () => void;
}) {
  const summaryId = `tip-${tip.type}-summary`;
  return (
    <Accordion
      expanded={open}
      onChange={onToggle}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ '&:before': { display: 'none' }, opacity: tip.ignored ? 0.7 : 1 }}
    >
      <AccordionSummary
        expandIcon={<ExpandMore />}
        id={summaryId}
        aria-controls={`tip-${tip.type}-details`}
      >
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <TipIcon tip={tip} />
          <Typography
            variant="body2"
            sx={{ textDecoration: tip.ignored ? 'line-through' : undefined }}
          >
            {tip.label}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`tip-${tip.type}-details`}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {tip.explanation}
        </Typography>
        <Button size="small" onClick={onIgnore}>
          {tip.ignored ? 'Unignore' : 'Ignore'}
        </Button>
        {tip.ignored ? (
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            Ignored tips do not count toward the level.
          </Typography>
        ) : null}
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * The optimisation level (updated live as the person types), the impact, the search term's
 * estimated figures with their source, and the tips by group: one open at a time, each with
 * Ignore / Unignore.
 */
export function RecommendationsPanel({
  live,
  recommendations,
  dispatch,
  onIgnore,
  onRetry,
}: {
  live: LiveTips;
  recommendations: RecommendationsState;
  dispatch: (action: EditorAction) => void;
  onIgnore: (tipType: string) => void;
  onRetry: () => void;
}) {
  const { data, status, open, error } = recommendations;
  const applicable = live.tips.filter((t) => t.applicable);
  const { done, counted } = tipProgress(live);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="recommendations-heading"
      sx={{ p: { xs: 2, sm: 3 }, position: { md: 'sticky' }, top: { md: 80 } }}
    >
      <Typography id="recommendations-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
        Recommendations
      </Typography>
      <Stack direction="row" sx={{ gap: 3, alignItems: 'center', mb: 2 }}>
        <LevelRing level={live.level} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2">Optimization level</Typography>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {done} of {counted} tips done
          </Typography>
          <Box sx={{ mt: 1.5 }}>
            <RoomToImprove impact={live.impact} />
          </Box>
          <Typography variant="caption" color="text.secondary">
            {IMPACT_EXPLANATION}
          </Typography>
        </Box>
      </Stack>

      {status === 'loading' ? (
        <Box sx={{ mb: 2 }}>
          <LinearProgress aria-label="Loading recommendations" />
        </Box>
      ) : null}
      {status === 'error' ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          We could not load the keyword figures: {error?.message}
        </Alert>
      ) : null}
      {data?.keyword ? (
        <Box sx={{ mb: 2 }} aria-label="Search term figures" role="group">
          <Typography variant="body2">
            “{data.keyword.keyword}”:{' '}
            {data.keyword.volume === null
              ? 'search volume unknown'
              : `about ${formatNumber(data.keyword.volume)} searches a month`}{' '}
            · competition {competitionText(data.keyword.competition)} ·{' '}
            {data.position === null
              ? 'not in the top results yet'
              : `your video ranks #${data.position}`}
          </Typography>
          {data.source ? (
            <Typography variant="caption" color="text.secondary">
              Estimates from {data.source.name}, {formatDate(data.source.fetchedAt)}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      {status === 'loaded' && !data?.searchTerm ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Choose a search term to get recommendations for it.
        </Alert>
      ) : null}

      {TIP_GROUPS.map(({ group, label }) => {
        const tips = applicable.filter((t) => t.group === group);
        if (tips.length === 0) return null;
        return (
          <Box key={group} component="section" aria-label={`${label} tips`} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {label}
            </Typography>
            {tips.map((tip) => (
              <TipItem
                key={tip.type}
                tip={tip}
                open={open === tip.type}
                onToggle={() => dispatch({ type: 'toggleRecommendation', tipType: tip.type })}
                onIgnore={() => onIgnore(tip.type)}
              />
            ))}
          </Box>
        );
      })}
    </Paper>
  );
}
