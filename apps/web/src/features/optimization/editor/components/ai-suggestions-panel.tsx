import { useId, useRef, useState } from 'react';
import type { AiFeedbackBody, AiGeneration } from '@tubewise/contract';
import { AI_TITLES_MAX, AI_TITLES_MIN } from '@tubewise/contract/ai-constants';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import { PlanErrorLink } from '../../../../components/plan-error.tsx';
import { isApiError } from '../../../../lib/api-error.ts';
import { formatDateTime, formatNumber } from '../../../../lib/format.ts';
import { notify } from '../../../../lib/notify.ts';
import { visuallyHidden } from '../../../../lib/visually-hidden.ts';
import {
  isAiGenerationInProgress,
  useAiEligibility,
  useAiFeedback,
  useGenerateAiMetadata,
  useLatestAiGeneration,
} from '../../api/ai-metadata.ts';
import { AI_GENERATE_LABEL, AI_PANEL_TITLE, AI_PENDING_TEXT } from '../ai-texts.ts';
import { AiEligibilityNotice } from './ai-eligibility-notice.tsx';
import { AiGenerationResult } from './ai-generation-result.tsx';

/** What the AI suggestions panel needs from the page around it (the editor, the optimize queue). */
export interface AiSuggestionsPanelProps {
  /** The product id of the video's channel. */
  channelId: string;
  videoId: string;
  /** The search term the page shows now: a generation writes for it (null: the video's saved one). */
  searchTerm: string | null;
  /** The video's length, when known (said when the video is too long for the AI). */
  durationSeconds: number | null;
  /** The title as the page shows it now (a suggestion equal to it shows "In use"). */
  currentTitle: string;
  /** The description as the page shows it now. */
  currentDescription: string;
  /** Puts a suggested title into the page's title field, as typing would. */
  onUseTitle: (text: string) => void;
  /** Puts the suggested description into the page's description field, as typing would. */
  onUseDescription: (text: string) => void;
}

const errorText = (err: unknown): string =>
  isApiError(err) ? err.message : 'Something went wrong. Please try again.';

/** "5 titles and a description". */
function contentsText(generation: AiGeneration): string {
  const n = generation.titles.length;
  const titles = `${formatNumber(n)} ${n === 1 ? 'title' : 'titles'}`;
  return generation.description ? `${titles} and a description` : titles;
}

/**
 * The "AI suggestions" panel: whether the video can get AI-written titles and a description
 * (every failed condition in words), the month's quota, generating (progress while the AI
 * writes, polled every AI_POLL_DELAY_MS), and the finished titles and description, each with
 * thumbs up/down and a Use that goes into the page's fields. A generation that was already done
 * when the panel opened starts folded, so the panels below it stay in view.
 */
export function AiSuggestionsPanel({
  channelId,
  videoId,
  searchTerm,
  durationSeconds,
  currentTitle,
  currentDescription,
  onUseTitle,
  onUseDescription,
}: AiSuggestionsPanelProps) {
  const headingId = useId();
  const quotaId = useId();
  const regenerateNoteId = useId();
  const resultId = useId();
  const eligibility = useAiEligibility(channelId, videoId);
  const latest = useLatestAiGeneration(channelId, videoId);
  const generate = useGenerateAiMetadata(channelId, videoId);
  const feedback = useAiFeedback(channelId, videoId);
  const generation = latest.data?.generation ?? null;
  const inProgress = isAiGenerationInProgress(generation);

  // The generation the person watched being written (this visit): it opens unfolded and its
  // end is announced.
  const [watchedId, setWatchedId] = useState<string | null>(null);
  if (generation && inProgress && generation.id !== watchedId) setWatchedId(generation.id);
  const [toggled, setToggled] = useState<{ id: string; open: boolean } | null>(null);
  const open =
    generation !== null &&
    (toggled?.id === generation.id ? toggled.open : generation.id === watchedId);
  const [useMessage, setUseMessage] = useState('');

  const quota = eligibility.data?.quota;
  const canGenerate = eligibility.data?.eligible === true && !inProgress && !generate.isPending;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const start = (): void => {
    setUseMessage('');
    generate.mutate(searchTerm);
    // The button pressed goes away (or is disabled) while the AI writes: keep keyboard focus in
    // the panel instead of letting it fall to the page.
    headingRef.current?.focus();
  };
  const rate = (body: AiFeedbackBody): void => {
    if (!generation) return;
    feedback.mutate(
      { generationId: generation.id, body },
      {
        onError: () =>
          notify('We could not save your rating. Please try again.', { variant: 'error' }),
      },
    );
  };

  // Said by screen readers as it changes (the region is there from the start, so it is heard).
  const watched = generation !== null && generation.id === watchedId;
  let announcement = useMessage;
  if (!announcement && watched && inProgress) announcement = 'Writing suggestions.';
  else if (!announcement && watched) {
    announcement =
      generation.status === 'done'
        ? `Suggestions ready: ${contentsText(generation)}.`
        : 'The AI could not write suggestions.';
  }

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
        <AutoAwesome color="primary" aria-hidden />
        <Typography
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          variant="h2"
          component="h2"
          sx={{ '&:focus': { outline: 'none' } }}
        >
          {AI_PANEL_TITLE}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Titles and a description written by an AI model for the search term. Nothing changes in your
        video until you press Use.
      </Typography>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>

      {eligibility.isPending || latest.isPending ? (
        <LinearProgress aria-label="Loading AI suggestions" sx={{ mb: 2 }} />
      ) : null}
      {eligibility.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void eligibility.refetch()}>
              Retry
            </Button>
          }
        >
          We could not check whether this video can get AI suggestions:{' '}
          {errorText(eligibility.error)}
        </Alert>
      ) : null}
      {eligibility.data ? (
        <AiEligibilityNotice
          eligibility={eligibility.data}
          channelId={channelId}
          durationSeconds={durationSeconds}
          quotaId={quotaId}
        />
      ) : null}
      {latest.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void latest.refetch()}>
              Retry
            </Button>
          }
        >
          We could not load the latest AI suggestions: {errorText(latest.error)}
        </Alert>
      ) : null}
      {generate.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>The AI did not start</AlertTitle>
          {errorText(generate.error)}
          <PlanErrorLink error={generate.error} />
        </Alert>
      ) : null}

      {latest.isSuccess && generation === null ? (
        <>
          <Typography variant="body2" sx={{ mb: 2 }}>
            No suggestions yet. The AI writes {AI_TITLES_MIN} to {AI_TITLES_MAX} titles and a
            description{' '}
            {searchTerm
              ? `for “${searchTerm}”.`
              : 'from the video’s metadata; choose a search term first to have them written for it.'}
          </Typography>
          <Button
            variant="contained"
            onClick={start}
            disabled={!canGenerate}
            loading={generate.isPending}
            aria-describedby={quotaId}
          >
            {AI_GENERATE_LABEL}
          </Button>
        </>
      ) : null}

      {generation && inProgress ? (
        <Box sx={{ my: 1 }}>
          <LinearProgress aria-label="Writing AI suggestions" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {AI_PENDING_TEXT}
          </Typography>
        </Box>
      ) : null}

      {generation?.status === 'failed' ? (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={start}
              disabled={!canGenerate}
              loading={generate.isPending}
            >
              Try again
            </Button>
          }
        >
          <AlertTitle>The AI could not write suggestions</AlertTitle>
          {generation.error?.message ?? 'Something went wrong.'}
        </Alert>
      ) : null}

      {generation?.status === 'done' ? (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
              {contentsText(generation)} from{' '}
              {formatDateTime(generation.finishedAt ?? generation.createdAt)}
            </Typography>
            <Button
              size="small"
              aria-expanded={open}
              aria-controls={resultId}
              onClick={() => setToggled({ id: generation.id, open: !open })}
            >
              {open ? 'Hide suggestions' : 'Show suggestions'}
            </Button>
          </Stack>
          {searchTerm && generation.searchTerm !== searchTerm ? (
            <Alert severity="info" sx={{ mb: 1 }}>
              {generation.searchTerm
                ? `These were written for “${generation.searchTerm}”`
                : 'These were written without a search term'}
              ; the search term is now “{searchTerm}”. Regenerate to get suggestions for it.
            </Alert>
          ) : null}
          <Box id={resultId}>
            {open ? (
              <AiGenerationResult
                generation={generation}
                currentTitle={currentTitle}
                currentDescription={currentDescription}
                onUseTitle={(index, text) => {
                  onUseTitle(text);
                  setUseMessage(`Title ${index + 1} is in the title field now.`);
                }}
                onUseDescription={(text) => {
                  onUseDescription(text);
                  setUseMessage('The suggested description is in the description field now.');
                }}
                onRate={rate}
              />
            ) : null}
          </Box>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 2 }}>
            <Button
              variant="outlined"
              onClick={start}
              disabled={!canGenerate}
              loading={generate.isPending}
              aria-describedby={regenerateNoteId}
            >
              Regenerate
            </Button>
            <Typography id={regenerateNoteId} variant="caption" color="text.secondary">
              Writes new suggestions and uses 1 generation
              {quota && !quota.exceeded
                ? ` (${formatNumber(quota.remaining)} left this month).`
                : ' of this month’s quota.'}
            </Typography>
          </Stack>
        </>
      ) : null}
    </Paper>
  );
}
