import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Idea, KeywordSource } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { paths } from '../../../config/paths.ts';
import { channelSettingsQueryOptions } from '../../../lib/channels/get-channel-settings.ts';
import { useLocales } from '../../../lib/channels/get-locales.ts';
import { useActiveChannel } from '../../../lib/channels/use-active-channel.ts';
import { formatNumber } from '../../../lib/format.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import {
  isExpiredIdeaList,
  mergeIdeaPages,
  useDiscoverIdeas,
  useSuggestedIdeas,
} from '../api/discover.ts';
import { IDEAS_FIRST_PAGE_SIZE, IDEAS_PAGE_SIZE } from './constants.ts';
import { DiscoverForm } from './discover-form.tsx';
import { ideaErrorText, tooManySeedsMessage } from './idea-errors.ts';
import { discoverSearch, parseDiscoverParams } from './idea-format.ts';
import { IdeaList } from './idea-list.tsx';
import { IdeaListControls, nextSort } from './idea-list-controls.tsx';
import { exportIdeasCsv } from './idea-export.ts';
import {
  DEFAULT_IDEA_SORT,
  filterIdeas,
  NO_IDEA_FILTERS,
  sortIdeas,
  type IdeaFilters,
  type IdeaSort,
} from './idea-sorting.ts';

/** "Figures are estimates from <source>." under every list of ideas. */
export function EstimatesNote({ source }: { source: KeywordSource }) {
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 1 }}>
      Search volume, competition and trend are estimates from {source.name}.
    </Typography>
  );
}

function StatePanel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box role="status" sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <Typography variant="h3" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ErrorPanel({
  text,
  onRetry,
  retryLabel = 'Retry',
}: {
  text: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

/** "Showing 21 of 57 ideas". */
export function shownText(shown: number, total: number): string {
  return `Showing ${formatNumber(shown)} of ${formatNumber(total)} ideas`;
}

function DiscoverResults({
  channelId,
  seeds,
  language,
  compact,
  linkState,
}: {
  channelId: string | undefined;
  seeds: string[];
  language: string | undefined | null;
  compact: boolean;
  linkState: unknown;
}) {
  const query = useDiscoverIdeas(channelId, seeds, language);
  const loaded = useMemo(() => mergeIdeaPages(query.data), [query.data]);
  const [sort, setSort] = useState<IdeaSort>(DEFAULT_IDEA_SORT);
  const [filters, setFilters] = useState<IdeaFilters>(NO_IDEA_FILTERS);
  const shown = useMemo(
    () => sortIdeas(filterIdeas(loaded, filters), sort),
    [loaded, filters, sort],
  );
  const filtered = shown.length < loaded.length;
  const ideas = loaded;
  const last = query.data?.pages.at(-1);
  const total = last?.total ?? 0;
  const loadingFirst = query.isPending && query.fetchStatus !== 'idle';
  const waiting = query.isPending;
  const loadingMore = query.isFetchingNextPage;
  const skeletonRows = waiting
    ? IDEAS_FIRST_PAGE_SIZE
    : loadingMore
      ? Math.max(0, Math.min(IDEAS_PAGE_SIZE, total - ideas.length))
      : 0;

  if (query.isError && !query.data) {
    if (tooManySeedsMessage(query.error)) return null;
    return (
      <Paper variant="outlined">
        <ErrorPanel
          text={ideaErrorText(query.error, 'load ideas')}
          onRetry={() => void query.refetch()}
        />
      </Paper>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="ideas-heading"
      sx={{ position: 'relative', overflow: 'hidden' }}
    >
      {loadingFirst || (query.isFetching && !loadingMore) ? (
        <LinearProgress
          aria-label="Loading ideas"
          sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
        />
      ) : null}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ px: 2, pt: 2, justifyContent: 'space-between', alignItems: { sm: 'baseline' } }}
      >
        <Typography variant="h3" component="h2" id="ideas-heading">
          Ideas for {seeds.map((s) => `“${s}”`).join(', ')}
        </Typography>
        <Typography variant="body2" color="text.secondary" role="status">
          {waiting
            ? 'Finding ideas…'
            : filtered
              ? `${shownText(ideas.length, total)} · ${formatNumber(shown.length)} match the filters`
              : shownText(ideas.length, total)}
        </Typography>
      </Stack>
      {last ? <EstimatesNote source={last.source} /> : <Box sx={{ height: 34 }} />}
      {!waiting && ideas.length > 0 ? (
        <IdeaListControls
          filters={filters}
          onFilters={setFilters}
          sort={sort}
          onSort={setSort}
          compact={compact}
          exportDisabled={shown.length === 0}
          onExport={() => exportIdeasCsv(shown, seeds)}
        />
      ) : null}
      {!waiting && ideas.length === 0 ? (
        <StatePanel title="No ideas for these seeds">
          <Typography color="text.secondary">
            Try broader keywords, fewer words per seed, or another language.
          </Typography>
        </StatePanel>
      ) : !waiting && shown.length === 0 ? (
        <StatePanel title="No ideas match the filters">
          <Button variant="outlined" onClick={() => setFilters(NO_IDEA_FILTERS)}>
            Clear filters
          </Button>
        </StatePanel>
      ) : (
        <IdeaList
          label="Video ideas"
          ideas={shown}
          skeletonRows={skeletonRows}
          compact={compact}
          linkState={linkState}
          channelId={channelId}
          sort={sort}
          onSort={(key) => setSort((current) => nextSort(current, key))}
        />
      )}
      {query.isFetchNextPageError ? (
        isExpiredIdeaList(query.error) ? (
          // The list page 1 came from is gone: start again from a fresh list.
          <ErrorPanel
            text="These ideas were found a while ago and have been refreshed since. Search again to see the current list."
            retryLabel="Search again"
            onRetry={() => void query.refetch()}
          />
        ) : (
          <ErrorPanel
            text={ideaErrorText(query.error, 'load more ideas')}
            onRetry={() => void query.fetchNextPage()}
          />
        )
      ) : null}
      {query.hasNextPage ? (
        <Box sx={{ p: 2, textAlign: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => void query.fetchNextPage()}
            loading={loadingMore}
            loadingPosition="start"
          >
            More ideas
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}

function SuggestedIdeas({
  channelId,
  channelName,
  compact,
  onSeed,
  linkState,
}: {
  channelId: string | undefined;
  channelName: string;
  compact: boolean;
  onSeed: (seed: string) => void;
  linkState: unknown;
}) {
  const query = useSuggestedIdeas(channelId, true);
  const data = query.data;
  const ideas: Idea[] = data?.items ?? [];

  let body: ReactNode;
  if (query.isError) {
    body = (
      <ErrorPanel
        text={ideaErrorText(query.error, 'load suggested ideas')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (data && data.seeds.length === 0) {
    body = (
      <StatePanel title="No topics for suggestions yet">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Add topics and industries to {channelName}’s settings to get ideas without typing, or
          enter seed keywords above.
        </Typography>
        <Button variant="outlined" component={RouterLink} to={paths.settingsChannels}>
          Open channel settings
        </Button>
      </StatePanel>
    );
  } else if (data && ideas.length === 0) {
    body = (
      <StatePanel title="No suggested ideas right now">
        <Typography color="text.secondary">Enter seed keywords above to find ideas.</Typography>
      </StatePanel>
    );
  } else {
    body = (
      <>
        {data ? (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', px: 2, alignItems: 'center' }}
          >
            <Typography variant="body2" color="text.secondary">
              {data.topicsInferred
                ? 'From topics inferred from your videos:'
                : 'From your topics and industries:'}
            </Typography>
            {data.seeds.map((seed) => (
              <Chip
                key={seed}
                label={seed}
                size="small"
                onClick={() => onSeed(seed)}
                aria-label={`Find ideas for “${seed}”`}
              />
            ))}
            {data.topicsInferred ? (
              <Typography variant="body2">
                <Link component={RouterLink} to={paths.settingsChannels}>
                  Edit topics in channel settings
                </Link>
              </Typography>
            ) : null}
          </Stack>
        ) : (
          <Box sx={{ height: 24 }} />
        )}
        {data ? <EstimatesNote source={data.source} /> : <Box sx={{ height: 34 }} />}
        <IdeaList
          label="Suggested ideas"
          ideas={ideas}
          skeletonRows={data ? 0 : IDEAS_FIRST_PAGE_SIZE}
          compact={compact}
          linkState={linkState}
          channelId={channelId}
        />
      </>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="suggested-heading"
      sx={{ position: 'relative', overflow: 'hidden' }}
    >
      {query.isFetching ? (
        <LinearProgress
          aria-label="Loading suggested ideas"
          sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
        />
      ) : null}
      <Typography variant="h3" component="h2" id="suggested-heading" sx={{ px: 2, pt: 2, pb: 1 }}>
        Suggested for {channelName}
      </Typography>
      {body}
    </Paper>
  );
}

/**
 * Idea discovery (spec "idea discovery"): 1 to 10 seed keywords and a keyword language give
 * ideas by opportunity, 11 first and 10 more per "More ideas"; with nothing typed, ideas from
 * the channel's topics and industries. Seeds and language live in the URL.
 */
export function IdeaDiscover() {
  const { activeChannel, isLoading: channelLoading } = useActiveChannel();
  const channelId = activeChannel?.id;
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  // The server's seed limit (IDEA_SEEDS_MAX), so the form refuses what the API would.
  const maxSeeds = usePublicConfig().limits.ideaSeedsMax;
  const { seeds, language: urlLanguage } = useMemo(
    () => parseDiscoverParams(searchParams, maxSeeds),
    [searchParams, maxSeeds],
  );
  const settings = useQuery({
    ...channelSettingsQueryOptions(channelId ?? ''),
    enabled: Boolean(channelId) && !urlLanguage,
  });
  const locales = useLocales();
  // null while the channel's language is still loading (the search waits for it).
  const language: string | undefined | null =
    urlLanguage ?? (settings.data ? settings.data.language : settings.isError ? undefined : null);

  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  const discoverProbe = useDiscoverIdeas(channelId, seeds, language);
  const serverError = tooManySeedsMessage(discoverProbe.error);

  const search = useCallback(
    (nextSeeds: string[], nextLanguage: string | undefined) => {
      const next = discoverSearch(nextSeeds, nextLanguage);
      setSearchParams(new URLSearchParams(next));
    },
    [setSearchParams],
  );
  const linkState = useMemo(
    () => ({ from: `${location.pathname}${location.search}` }),
    [location.pathname, location.search],
  );

  if (!channelLoading && !activeChannel) {
    return (
      <Paper variant="outlined">
        <StatePanel title="No channel selected">
          <Typography color="text.secondary">Connect a channel to discover ideas.</Typography>
        </StatePanel>
      </Paper>
    );
  }

  return (
    <>
      <DiscoverForm
        key={seeds.join('\n')}
        initialSeeds={seeds}
        language={language ?? undefined}
        locales={locales.data}
        localesFailed={locales.isError}
        max={maxSeeds}
        serverError={serverError}
        onSearch={search}
      />
      {seeds.length > 0 ? (
        <DiscoverResults
          channelId={channelId}
          seeds={seeds}
          language={language}
          compact={compact}
          linkState={linkState}
        />
      ) : (
        <SuggestedIdeas
          channelId={channelId}
          channelName={activeChannel?.name ?? 'your channel'}
          compact={compact}
          onSeed={(seed) => search([seed], language ?? undefined)}
          linkState={linkState}
        />
      )}
    </>
  );
}
