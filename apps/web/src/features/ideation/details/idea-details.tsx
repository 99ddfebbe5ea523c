import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { IdeaDetails as IdeaDetailsData } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import ContentCopy from '@mui/icons-material/ContentCopy';
import EditNote from '@mui/icons-material/EditNote';
import { paths } from '../../../config/paths.ts';
import { useActiveChannel } from '../../../lib/channels/use-active-channel.ts';
import { formatCompactNumber, formatDateTime, formatRelativeDate } from '../../../lib/format.ts';
import { useIdeaDetails } from '../api/details.ts';
import { findSavedIdea, useSaveIdea, type SaveTarget } from '../api/folders.ts';
import { ideaErrorText } from '../discover/idea-errors.ts';
import { IdeaCompetition, IdeaTrend, OpportunityChip } from '../discover/idea-cells.tsx';
import { discoverHref, formatMonth, volumeLong } from '../discover/idea-format.ts';
import { SaveIdeaDialog } from './save-idea-dialog.tsx';
import { TREND_CHART_HEIGHT } from './trend-chart-size.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';

const TrendChart = lazy(() => import('./trend-chart.tsx'));

/** Link to the saved-ideas page with a saved idea's script open. */
export function writeScriptHref(folderId: string, savedIdeaId: string): string {
  const search = new URLSearchParams({ selectedFolder: folderId, idea: savedIdeaId });
  return `${paths.videoIdeaSaved}?${search.toString()}`;
}

/** Link to the saved-ideas page showing one folder. */
export function folderHref(folderId: string): string {
  return `${paths.videoIdeaSaved}?${new URLSearchParams({ selectedFolder: folderId }).toString()}`;
}

/** The factors behind the opportunity score, as the page names them. */
export const FACTOR_LABELS = {
  demand: 'Demand',
  openness: 'Low competition',
  weakTopResults: 'Weak top results',
} as const;

function Section({
  title,
  id,
  children,
  action,
}: {
  title: string;
  id: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h3" component="h2" id={id}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function FigureTile({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={label}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ mt: 0.5, minHeight: 28, display: 'flex', alignItems: 'center' }}>{children}</Box>
    </Paper>
  );
}

function Figures({ data }: { data: IdeaDetailsData }) {
  const { idea } = data;
  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: 1.5,
        }}
      >
        <FigureTile label="Est. monthly searches">
          <Typography variant="h4" component="span">
            {idea.volume === null ? 'Unknown' : formatCompactNumber(idea.volume)}
          </Typography>
        </FigureTile>
        <FigureTile label="Competition">
          <IdeaCompetition competition={idea.competition} />
        </FigureTile>
        <FigureTile label="Trend, last three months">
          <IdeaTrend idea={idea} />
        </FigureTile>
        <FigureTile label="Opportunity">
          <OpportunityChip score={idea.opportunity} />
        </FigureTile>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Search volume, competition and trend are estimates from {data.source.name} (
        {formatDateTime(data.source.fetchedAt)}).
      </Typography>
    </Box>
  );
}

function TrendSection({ data }: { data: IdeaDetailsData }) {
  const { trend } = data.idea;
  const first = trend[0];
  const last = trend.at(-1);
  if (trend.length < 2 || !first || !last) return null;
  const peak = trend.reduce((a, b) => (b.volume > a.volume ? b : a));
  return (
    <Section title="Search trend" id="trend-heading">
      <Box component="figure" sx={{ m: 0 }}>
        <Box sx={{ height: TREND_CHART_HEIGHT }} aria-hidden>
          <Suspense fallback={<Skeleton variant="rounded" height={TREND_CHART_HEIGHT} />}>
            <TrendChart trend={trend} />
          </Suspense>
        </Box>
        <Typography component="figcaption" variant="body2" color="text.secondary">
          Estimated monthly searches from {formatMonth(first.month)} to {formatMonth(last.month)};
          highest in {formatMonth(peak.month)} ({volumeLong(peak.volume)}).
        </Typography>
      </Box>
    </Section>
  );
}

function FactorBar({ label, value }: { label: string; value: number }) {
  const percent = Math.round(value * 100);
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {percent}%
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        aria-valuetext={`${percent}%`}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

function WhySection({ data }: { data: IdeaDetailsData }) {
  const { idea } = data;
  return (
    <Section title="Why it scores so" id="why-heading">
      <Typography sx={{ mb: 2 }}>{idea.reason}</Typography>
      <Stack spacing={1.5}>
        {(Object.keys(FACTOR_LABELS) as (keyof typeof FACTOR_LABELS)[]).map((key) => (
          <FactorBar key={key} label={FACTOR_LABELS[key]} value={idea.factors[key]} />
        ))}
      </Stack>
    </Section>
  );
}

function RankingVideos({ data }: { data: IdeaDetailsData }) {
  return (
    <Section title="Videos ranking now" id="ranking-heading">
      {data.rankingVideos.length === 0 ? (
        <Typography color="text.secondary">No videos rank for this idea yet.</Typography>
      ) : (
        <Box
          component="ol"
          aria-labelledby="ranking-heading"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {data.rankingVideos.map((video) => (
            <Stack
              key={video.videoId}
              component="li"
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'flex-start', minWidth: 0 }}
            >
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ width: 24, flexShrink: 0, textAlign: 'right' }}
                aria-label={`Position ${video.position}`}
              >
                {video.position}
              </Typography>
              <Box
                sx={{
                  width: 96,
                  height: 54,
                  flexShrink: 0,
                  borderRadius: 1,
                  bgcolor: 'action.hover',
                  overflow: 'hidden',
                }}
              >
                {video.thumbnailUrl ? (
                  <Box
                    component="img"
                    src={video.thumbnailUrl}
                    alt=""
                    loading="lazy"
                    sx={{ width: 96, height: 54, objectFit: 'cover', display: 'block' }}
                  />
                ) : null}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Link
                  href={`https://www.youtube.com/watch?v=${encodeURIComponent(video.videoId)}`}
                  target="_blank"
                  rel="noreferrer"
                  underline="hover"
                  sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                >
                  {video.title}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {[
                    video.channelTitle,
                    video.views === null ? null : `${formatCompactNumber(video.views)} views`,
                    video.publishedAt ? formatRelativeDate(video.publishedAt) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Box>
      )}
    </Section>
  );
}

function TitleSuggestions({ data }: { data: IdeaDetailsData }) {
  const [copied, setCopied] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = (title: string) => {
    setFailed(false);
    navigator.clipboard
      .writeText(title)
      .then(() => setCopied(title))
      .catch(() => setFailed(true));
  };
  return (
    <Section title="Title suggestions" id="titles-heading">
      {data.titleSuggestions.length === 0 ? (
        <Typography color="text.secondary">No title suggestions for this idea.</Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby="titles-heading"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
        >
          {data.titleSuggestions.map((title) => (
            <Stack
              key={title}
              component="li"
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{title}</Typography>
              <Button
                size="small"
                startIcon={<ContentCopy fontSize="small" />}
                onClick={() => copy(title)}
                // The name starts with the visible word, also once copied (WCAG 2.5.3).
                aria-label={`${copied === title ? 'Copied' : 'Copy'} title “${title}”`}
                sx={{ flexShrink: 0, minWidth: 88 }}
              >
                {copied === title ? 'Copied' : 'Copy'}
              </Button>
            </Stack>
          ))}
        </Box>
      )}
      {failed ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Copying is not allowed here: select the title and copy it yourself.
        </Alert>
      ) : null}
      <Box role="status" sx={visuallyHidden}>
        {copied ? 'Title copied' : ''}
      </Box>
    </Section>
  );
}

function DetailsSkeleton() {
  return (
    <Stack spacing={2} aria-busy role="status" aria-label="Loading the idea">
      <LinearProgress aria-label="Loading the idea" />
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={TREND_CHART_HEIGHT + 80} />
      <Skeleton variant="rounded" height={200} />
    </Stack>
  );
}

/**
 * Idea details (spec "idea details"): an idea's estimated figures, its trend as a chart, the
 * videos ranking for it now, why it scores as it does, title suggestions, and saving it to a
 * folder or writing a script for it. The idea comes from `?phrase=&language=`.
 */
export function IdeaDetails() {
  const [searchParams] = useSearchParams();
  const phrase = searchParams.get('phrase')?.trim() ?? '';
  const language = searchParams.get('language')?.trim() || undefined;
  const location = useLocation();
  const navigate = useNavigate();
  const { activeChannel, isLoading: channelLoading } = useActiveChannel();
  const channelId = activeChannel?.id;
  const query = useIdeaDetails(channelId, phrase, language);
  const save = useSaveIdea(channelId);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedTo, setSavedTo] = useState<{ id: string; name: string } | null>(null);
  const [scriptPending, setScriptPending] = useState(false);
  const [scriptError, setScriptError] = useState<string | null>(null);

  const from = (location.state as { from?: unknown } | null)?.from;
  const data = query.data;
  const backHref =
    typeof from === 'string' && from.startsWith(paths.videoIdeaDiscover)
      ? from
      : discoverHref(data ? [data.idea.seed || data.idea.phrase] : [], language);

  const back = (
    <Button component={RouterLink} to={backHref} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
      Back to ideas
    </Button>
  );

  if (!phrase) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} role="status">
        <Typography variant="h3" component="h2" gutterBottom>
          No idea chosen
        </Typography>
        <Button variant="outlined" component={RouterLink} to={paths.videoIdeaDiscover}>
          Discover ideas
        </Button>
      </Paper>
    );
  }
  if (!channelLoading && !activeChannel) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} role="status">
        <Typography variant="h3" component="h2">
          No channel selected
        </Typography>
      </Paper>
    );
  }

  const onSave = (target: SaveTarget, folderName: string) => {
    setSaveError(null);
    save.mutate(
      { phrase: data?.idea.phrase ?? phrase, language: data?.idea.languageId ?? language, target },
      {
        onSuccess: ({ savedIdea, folder }) => {
          setDialogOpen(false);
          setSavedTo({ id: savedIdea.folderId, name: folder?.name ?? folderName });
        },
        onError: (err) => setSaveError(ideaErrorText(err, 'save the idea')),
      },
    );
  };

  const writeScript = async () => {
    if (!channelId || !data) return;
    setScriptPending(true);
    setScriptError(null);
    try {
      const existing = await findSavedIdea(channelId, data.idea.savedIdeaIds);
      const saved =
        existing ??
        (await save.mutateAsync({ phrase: data.idea.phrase, language: data.idea.languageId }))
          .savedIdea;
      await navigate(writeScriptHref(saved.folderId, saved.id));
    } catch (err) {
      setScriptError(ideaErrorText(err, 'open a script for this idea'));
      setScriptPending(false);
    }
  };

  const isSaved = (data?.idea.savedIdeaIds.length ?? 0) > 0 || savedTo !== null;

  return (
    <>
      {back}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {data?.idea.phrase ?? phrase}
            </Typography>
            {isSaved ? <Chip label="Saved" color="primary" variant="outlined" /> : null}
          </Stack>
          <Typography color="text.secondary">Video idea</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button
            variant="outlined"
            startIcon={<BookmarkAddOutlined />}
            disabled={!data}
            onClick={() => {
              setSaveError(null);
              setDialogOpen(true);
            }}
          >
            Save to folder
          </Button>
          <Button
            variant="contained"
            startIcon={<EditNote />}
            disabled={!data}
            loading={scriptPending}
            loadingPosition="start"
            onClick={() => void writeScript()}
          >
            Write a script
          </Button>
        </Stack>
      </Stack>
      {savedTo ? (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to={folderHref(savedTo.id)}>
              Open folder
            </Button>
          }
        >
          Saved to “{savedTo.name}”.
        </Alert>
      ) : null}
      {scriptError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {scriptError}
        </Alert>
      ) : null}

      {query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {ideaErrorText(query.error, 'load this idea')}
        </Alert>
      ) : !data ? (
        <DetailsSkeleton />
      ) : (
        <Stack spacing={2}>
          <Figures data={data} />
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
              gap: 2,
              alignItems: 'start',
            }}
          >
            <Stack spacing={2} sx={{ minWidth: 0 }}>
              <TrendSection data={data} />
              <RankingVideos data={data} />
            </Stack>
            <Stack spacing={2} sx={{ minWidth: 0 }}>
              <WhySection data={data} />
              <TitleSuggestions data={data} />
            </Stack>
          </Box>
        </Stack>
      )}
      <SaveIdeaDialog
        key={dialogOpen ? 'open' : 'closed'}
        open={dialogOpen}
        channelId={channelId}
        phrase={data?.idea.phrase ?? phrase}
        saving={save.isPending}
        error={saveError}
        onClose={() => setDialogOpen(false)}
        onSave={onSave}
      />
    </>
  );
}
