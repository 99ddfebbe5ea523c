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
import { bandColor, impactBand, levelBand } from '../../list/format.ts';
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

function LevelRing({ level }: { level: number }) {
  const color = bandColor(levelBand(level));
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
        color={color}
        aria-label="Optimization level"
      />
      <Box
        sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
        aria-hidden
      >
        <Typography variant="h4" component="span" sx={{ fontWeight: 700 }}>
          {level}
        </Typography>
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
  const counted = applicable.filter((t) => !t.ignored);
  const done = counted.filter((t) => t.passed).length;
  const impactColor = bandColor(impactBand(live.impact));

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
            {done} of {counted.length} tips done · {levelBand(live.level)}
          </Typography>
          <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
            Optimization impact: {live.impact}/100
          </Typography>
          <LinearProgress
            variant="determinate"
            value={live.impact}
            color={impactColor}
            aria-label="Optimization impact"
            sx={{ height: 8, borderRadius: 4, my: 0.5 }}
          />
          <Typography variant="caption" color="text.secondary">
            Likelihood of better search performance: {impactBand(live.impact).toLowerCase()}.
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
