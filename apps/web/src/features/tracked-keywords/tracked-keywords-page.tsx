import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddTrackedKeywordsResult, TrackedKeyword } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../components/page-heading.tsx';
import { failureNoticeOptions, PlanErrorLink } from '../../components/plan-error.tsx';
import { paths } from '../../config/paths.ts';
import { isApiError } from '../../lib/api-error.ts';
import { channelSettingsQueryOptions } from '../../lib/channels/get-channel-settings.ts';
import { useLocales } from '../../lib/channels/get-locales.ts';
import { runRankChecks } from '../../lib/rank-data.ts';
import { useActiveChannel } from '../../lib/channels/use-active-channel.ts';
import { formatNumber } from '../../lib/format.ts';
import { closeNotice, notify } from '../../lib/notify.ts';
import { planErrorText } from '../../lib/plan-errors.ts';
import { AddKeywordsForm, AddResult } from './add-keywords-form.tsx';
import {
  addTrackedKeywords,
  deleteTrackedKeywords,
  refreshTrackedKeywords,
  restoreTrackedKeywords,
  useKeywordSuggestions,
  useTrackedKeywords,
} from './api/tracked-keywords.ts';
import { keywordCount, limitDetailsOf, limitText } from './format.ts';
import { KeywordsTable } from './keywords-table.tsx';
import { SuggestionsPanel } from './suggestions-panel.tsx';

/** The empty state's title. */
export const NO_KEYWORDS_TITLE = 'No keywords tracked yet';
/** How long the delete snackbar (with its Undo) stays. */
export const UNDO_DURATION_MS = 10_000;

/** The message of a failed call as shown to the person (the limit in words with its numbers). */
function failureText(err: unknown): string {
  if (isApiError(err) && err.code === 'tracked-keywords-limit') {
    const details = limitDetailsOf(err.details);
    return details ? limitText(details) : err.message;
  }
  return (
    planErrorText(err) ??
    (isApiError(err) ? err.message : 'Something went wrong. Please try again.')
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h3" component="h2" id={id} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

let undoSeq = 0;

/**
 * The tracked keywords page: paste keywords (or pick suggestions) in a keyword language, see each
 * keyword's volume, competition, rank, ranking video, change and last check, and delete keywords
 * with an undo in the snackbar.
 */
export function TrackedKeywordsPage() {
  const queryClient = useQueryClient();
  const { activeChannel, isLoading: channelLoading } = useActiveChannel();
  const channelId = activeChannel?.id;
  const settings = useQuery({
    ...channelSettingsQueryOptions(channelId ?? ''),
    enabled: Boolean(channelId),
  });
  const locales = useLocales();
  const [chosenLanguage, setChosenLanguage] = useState<string | undefined>(undefined);
  const language =
    chosenLanguage ?? settings.data?.language ?? (settings.isError ? 'en-us' : undefined);
  const list = useTrackedKeywords(channelId);
  const suggestions = useKeywordSuggestions(channelId, language);
  const [result, setResult] = useState<AddTrackedKeywordsResult | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const languageName = useMemo(() => {
    const names = new Map(locales.data?.map((l) => [l.id, l.name]));
    return (id: string) => names.get(id) ?? id;
  }, [locales.data]);

  const add = useMutation({
    mutationFn: (text: string) => addTrackedKeywords(channelId ?? '', text, language),
    onMutate: () => {
      setAddError(null);
    },
    onSuccess: (answer) => {
      setResult(answer);
    },
    onError: (err) => {
      setResult(null);
      setAddError(failureText(err));
    },
    onSettled: () => (channelId ? refreshTrackedKeywords(queryClient, channelId) : undefined),
  });
  const addText = async (text: string): Promise<boolean> => {
    try {
      return (await add.mutateAsync(text)).added.length > 0;
    } catch {
      return false;
    }
  };

  const undo = async (deleted: TrackedKeyword[]): Promise<void> => {
    if (!channelId) return;
    try {
      const restored = await restoreTrackedKeywords(channelId, deleted);
      notify(`Restored ${keywordCount(restored)}.`, { variant: 'success' });
    } catch (err) {
      notify(`We could not restore the keywords. ${failureText(err)}`, { variant: 'error' });
    } finally {
      await refreshTrackedKeywords(queryClient, channelId);
    }
  };

  const remove = useMutation({
    mutationFn: (ids: string[]) => deleteTrackedKeywords(channelId ?? '', ids),
    onSuccess: (deleted) => {
      setSelected(new Set());
      const key = `tracked-keywords-undo-${++undoSeq}`;
      notify(`Deleted ${keywordCount(deleted.length)}.`, {
        key,
        autoHideDuration: UNDO_DURATION_MS,
        action: () => (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              closeNotice(key);
              void undo(deleted);
            }}
          >
            Undo
          </Button>
        ),
      });
    },
    onError: (err) => {
      notify(`We could not delete the keywords. ${failureText(err)}`, { variant: 'error' });
    },
    onSettled: () => (channelId ? refreshTrackedKeywords(queryClient, channelId) : undefined),
  });

  const check = useMutation({
    mutationFn: () => runRankChecks(channelId ?? ''),
    onSuccess: (run) => {
      notify(
        run.state === 'updating'
          ? `Checked ${formatNumber(run.done)} of ${keywordCount(run.total)}; the rest follow shortly.`
          : run.state === 'partialError'
            ? `Checked ${formatNumber(run.done)} of ${keywordCount(run.total)}; ${formatNumber(run.failed)} failed and are retried later.`
            : `Checked ${keywordCount(run.total)}.`,
        { variant: run.state === 'partialError' ? 'warning' : 'success' },
      );
    },
    onError: (err) => {
      notify(
        `We could not check the ranks. ${failureText(err)}`,
        failureNoticeOptions(err, 'tracked-keywords-check-failed'),
      );
    },
    onSettled: () => (channelId ? refreshTrackedKeywords(queryClient, channelId) : undefined),
  });

  if (!channelLoading && !activeChannel) {
    return (
      <Box sx={{ py: 2 }}>
        <PageHeading title="Keywords" />
        <Alert severity="info">Connect a channel to track the keywords it ranks for.</Alert>
      </Box>
    );
  }

  const data = list.data;
  const items = data?.items;
  const present = new Set(items?.map((i) => i.id));
  const chosen = [...selected].filter((id) => present.has(id));
  const busy = add.isPending || remove.isPending;

  let tableArea: ReactNode;
  if (list.isError) {
    tableArea = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Retry
          </Button>
        }
      >
        <AlertTitle>We could not load the tracked keywords</AlertTitle>
        {failureText(list.error)}
      </Alert>
    );
  } else if (!data || !items) {
    tableArea = (
      <Skeleton variant="rounded" height={240} aria-label="Loading the tracked keywords" />
    );
  } else if (items.length === 0) {
    tableArea = (
      <Box role="status" sx={{ py: 4, textAlign: 'center' }}>
        <Typography variant="subtitle1" component="p" gutterBottom>
          {NO_KEYWORDS_TITLE}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Paste keywords above or pick some from the suggestions. Their ranks are checked every day.
        </Typography>
      </Box>
    );
  } else {
    tableArea = (
      <Stack spacing={1.5}>
        {data.state === 'updating' ? (
          <Alert severity="info" role="status">
            Today&apos;s checks are still running: each keyword shows its latest rank until its
            check of today is in.
          </Alert>
        ) : data.state === 'partialError' ? (
          <Alert severity="warning" role="status">
            Some of today&apos;s checks failed after several tries: those keywords show their last
            known rank and are checked again tomorrow.
          </Alert>
        ) : null}
        <KeywordsTable
          items={items}
          depth={data.depth}
          languageName={languageName}
          selected={selected}
          onSelectedChange={setSelected}
          busy={remove.isPending}
        />
      </Stack>
    );
  }

  return (
    <Box sx={{ py: 2 }}>
      <PageHeading title="Keywords">
        The keywords you track for {activeChannel?.name ?? 'your channel'}, shared with everyone
        working on it. Follow how they move on the{' '}
        <Link component={RouterLink} to={paths.reportingRankings}>
          Rankings page
        </Link>
        .
      </PageHeading>
      <Stack spacing={2}>
        <Section title="Add keywords" id="add-keywords-heading">
          <AddKeywordsForm
            language={language}
            locales={locales.data}
            localesFailed={locales.isError}
            adding={add.isPending}
            onLanguageChange={setChosenLanguage}
            onAdd={addText}
          />
          {add.isPending ? (
            <LinearProgress aria-label="Adding keywords" sx={{ mt: 2 }} />
          ) : addError ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              <AlertTitle>No keyword was added</AlertTitle>
              {addError}
              <PlanErrorLink error={add.error} />
            </Alert>
          ) : result ? (
            <Box sx={{ mt: 2 }}>
              <AddResult result={result} />
            </Box>
          ) : null}
        </Section>

        <SuggestionsPanel
          items={suggestions.data?.items}
          loading={suggestions.isPending}
          failed={suggestions.isError}
          adding={add.isPending}
          onRetry={() => void suggestions.refetch()}
          onAdd={(keywords) => addText(keywords.join('\n'))}
        />

        <Section title="Tracked keywords" id="tracked-heading">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ mb: 1.5, alignItems: { sm: 'center' } }}
          >
            <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
              {data
                ? `${formatNumber(data.items.length)} of ${keywordCount(data.limit)} tracked`
                : ' '}
            </Typography>
            <Button
              variant="outlined"
              disabled={!items || items.length === 0 || check.isPending}
              onClick={() => check.mutate()}
            >
              {check.isPending ? 'Checking ranks…' : 'Check ranks now'}
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={chosen.length === 0 || busy}
              onClick={() => remove.mutate(chosen)}
            >
              {remove.isPending
                ? 'Deleting keywords…'
                : chosen.length === 0
                  ? 'Delete selected'
                  : `Delete ${keywordCount(chosen.length)}`}
            </Button>
          </Stack>
          {remove.isPending ? (
            <LinearProgress aria-label="Deleting keywords" sx={{ mb: 1 }} />
          ) : null}
          <Box aria-busy={busy || list.isFetching ? 'true' : 'false'}>{tableArea}</Box>
        </Section>
      </Stack>
    </Box>
  );
}
