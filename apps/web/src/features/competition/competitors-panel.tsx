import type { Competitor, CompetitorsResponse } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ChannelSearch } from '../../components/channel-search/channel-search.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { formatCompactNumber } from '../../lib/format.ts';
import { userQueryKey } from '../../lib/user.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { competitorsLimitText, countText } from './competition-format.ts';
import { Section } from './section.tsx';

/** What the add call's failure says. */
function addFailureText(err: unknown, max: number): string {
  if (isApiError(err) && err.code === 'competitors-limit') return competitorsLimitText(max);
  return isApiError(err) ? err.message : 'Something went wrong. Please try again.';
}

/** "12.3K subscribers · 340 videos" from the figures that are known. */
function figuresText(c: Competitor): string {
  const parts: string[] = [];
  if (c.subscriberCount !== null)
    parts.push(`${formatCompactNumber(c.subscriberCount)} subscribers`);
  if (c.videoCount !== null) parts.push(countText(c.videoCount, 'video'));
  return parts.join(' · ');
}

/** Whether a competitor's public data is being read, could not be read, or is there. */
function CompetitorStatus({
  competitor,
  unavailable,
}: {
  competitor: Competitor;
  unavailable: boolean;
}) {
  if (unavailable) {
    return <Chip size="small" color="warning" variant="outlined" label="Unavailable" />;
  }
  if (competitor.refreshedAt === null) {
    return <Chip size="small" variant="outlined" label="Reading its data…" />;
  }
  return null;
}

function CompetitorItem({
  competitor,
  unavailable,
  removing,
  onRemove,
}: {
  competitor: Competitor;
  unavailable: boolean;
  removing: boolean;
  onRemove: () => void;
}) {
  const figures = figuresText(competitor);
  return (
    <ListItem disableGutters divider sx={{ gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Avatar src={competitor.thumbnailUrl} alt="" sx={{ width: 40, height: 40 }} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Link
          href={`https://www.youtube.com/channel/${encodeURIComponent(competitor.youtubeId)}`}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {competitor.title}
          <Box component="span" sx={visuallyHidden}>
            {' '}
            (opens YouTube in a new tab)
          </Box>
        </Link>
        <Typography variant="body2" color="text.secondary">
          {[competitor.customUrl, figures].filter(Boolean).join(' · ') || ' '}
        </Typography>
        {unavailable ? (
          <Typography variant="body2" color="text.secondary">
            We could not read its public data lately, so its figures may be missing or old.
          </Typography>
        ) : null}
      </Box>
      <CompetitorStatus competitor={competitor} unavailable={unavailable} />
      <Button
        color="error"
        size="small"
        disabled={removing}
        onClick={onRemove}
        aria-label={`Remove ${competitor.title}`}
        sx={{ flexShrink: 0 }}
      >
        {removing ? 'Removing…' : 'Remove'}
      </Button>
    </ListItem>
  );
}

/**
 * The channel's competitors: who they are, whether their data could be read, removing one, and
 * adding one found by the channel search (at most `max`; the limit's refusal said in words).
 */
export function CompetitorsPanel({
  channelName,
  ownYoutubeId,
  list,
  listError,
  onRetry,
  unavailable,
  adding,
  addError,
  removing,
  onAdd,
  onRemove,
}: {
  channelName: string;
  ownYoutubeId: string | undefined;
  list: CompetitorsResponse | undefined;
  listError: boolean;
  onRetry: () => void;
  /** Platform ids of competitors whose data could not be read. */
  unavailable: ReadonlySet<string>;
  /** The channel being added, while its call runs. */
  adding: string | null;
  addError: unknown;
  /** The competitor being removed, while its call runs. */
  removing: string | null;
  onAdd: (youtubeId: string) => void;
  onRemove: (competitor: Competitor) => void;
}) {
  const competitors = list?.competitors ?? [];
  const max = list?.max ?? 0;
  const full = Boolean(list) && competitors.length >= max;
  const added = new Set(competitors.map((c) => c.youtubeId));

  let body;
  if (listError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        We could not load the competitors.
      </Alert>
    );
  } else if (!list) {
    body = <Skeleton variant="rounded" height={120} aria-label="Loading the competitors" />;
  } else {
    body = (
      <>
        {competitors.length > 0 ? (
          <List aria-label="Competitors" sx={{ mb: 2 }}>
            {competitors.map((c) => (
              <CompetitorItem
                key={c.youtubeId}
                competitor={c}
                unavailable={unavailable.has(c.youtubeId)}
                removing={removing === c.youtubeId}
                onRemove={() => onRemove(c)}
              />
            ))}
          </List>
        ) : null}
        {addError ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            <AlertTitle>The competitor was not added</AlertTitle>
            {addFailureText(addError, max)}
          </Alert>
        ) : null}
        {full ? (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {channelName} has {countText(max, 'competitor')}, the most a channel can have. Remove
            one to add another.
          </Typography>
        ) : (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Find a channel you compete with and add it ({competitors.length} of {max} added).
          </Typography>
        )}
        <ChannelSearch
          searchLabel="Find competitors"
          fieldLabel="Search channels by name"
          hint="Search for the YouTube channels you compete with, by name."
          queryScope={userQueryKey}
          actionLabel="Add"
          pendingLabel="Adding…"
          pendingId={adding}
          blockedReason={(youtubeId) => {
            if (youtubeId === ownYoutubeId) return 'Your channel';
            return added.has(youtubeId) ? 'Added' : null;
          }}
          full={full}
          onPick={(channel) => onAdd(channel.youtubeId)}
        />
      </>
    );
  }

  return (
    <Section
      title="Competitors"
      id="competitors-heading"
      actions={
        list ? (
          <Typography variant="body2" color="text.secondary">
            {competitors.length} of {countText(max, 'competitor')}
          </Typography>
        ) : null
      }
    >
      {body}
    </Section>
  );
}
