import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Channel, ThumbnailTest, ThumbnailTestsResponse } from '@tubewise/contract';
import { THUMBNAIL_SWAP_UNITS } from '@tubewise/contract/labs-constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { PageHeading } from '../../components/page-heading.tsx';
import { paths } from '../../config/paths.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useActiveChannel } from '../../lib/channels/use-active-channel.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { isActive, useTestActions, useThumbnailTest, useThumbnailTests } from './api/labs.ts';
import {
  labsErrorText,
  METRIC_TEXTS,
  stoppedText,
  STATUS_COLORS,
  STATUS_TEXTS,
  testNow,
} from './labs-format.ts';
import { NewTestForm } from './new-test-form.tsx';
import { TestView } from './test-view.tsx';

/** The empty state's title before the first test. */
export const NO_TESTS_TITLE = 'No thumbnail tests yet';

/** The link of one test's view. */
export function testHref(testId: string): string {
  return `${paths.labs}?${new URLSearchParams({ test: testId })}`;
}

/** The swap budget: what a swap costs and what today's swaps used. */
function BudgetText({ budget }: { budget: ThumbnailTestsResponse['budget'] }) {
  return (
    <>
      Each daily swap costs {THUMBNAIL_SWAP_UNITS} quota units from this channel’s daily budget of{' '}
      {formatNumber(budget.dailyUnits)} units for tests; {formatNumber(budget.spentToday)} used
      today. A swap the budget cannot cover is skipped, never overspent.
    </>
  );
}

/** One test in the list: its live (or winning) image, video, status and dates. */
function TestRow({ test }: { test: ThumbnailTest }) {
  const shown =
    test.variants.find((v) => v.isLive) ??
    test.variants.find((v) => v.id === test.decision?.winnerVariantId);
  const image = shown?.imageUrl ?? test.originalImageUrl;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        {image ? (
          <Box
            component="img"
            src={image}
            alt=""
            sx={{ width: 112, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1 }}
          />
        ) : null}
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={testHref(test.id)}
            sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
          >
            {test.videoTitle}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {test.variants.length} thumbnails · {METRIC_TEXTS[test.metric].label} ·{' '}
            {test.endedAt ? `ended ${formatDate(test.endedAt)}` : `ends ${formatDate(test.endsAt)}`}
            {shown && isActive(test) ? ` · ${shown.label} live now` : ''}
          </Typography>
        </Box>
        <Chip size="small" label={STATUS_TEXTS[test.status]} color={STATUS_COLORS[test.status]} />
      </Stack>
    </Paper>
  );
}

function TestList({ title, tests }: { title: string; tests: ThumbnailTest[] }) {
  if (tests.length === 0) return null;
  const id = `tests-${title.toLowerCase()}`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
        {tests.map((t) => (
          <TestRow key={t.id} test={t} />
        ))}
      </Stack>
    </Box>
  );
}

/** What a test does and costs, before the first one. */
function EmptyState({ budget }: { budget: ThumbnailTestsResponse['budget'] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {NO_TESTS_TITLE}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        A thumbnail test puts 2 or 3 thumbnails of one video on YouTube in turn, one per day, and
        measures each one’s views, watch time and average percentage viewed on the days it was live.
        When the test ends, the thumbnail that did best is applied to the video; without a clear
        winner, the original comes back.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <BudgetText budget={budget} />
      </Typography>
    </Paper>
  );
}

/** One test's view with its actions (the page's `?test=` view). */
function TestDetails({ channelId, testId }: { channelId: string; testId: string }) {
  const query = useThumbnailTest(channelId, testId);
  const { stop } = useTestActions(channelId);
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        {isApiError(query.error, 404)
          ? 'This test does not exist, or belongs to another channel.'
          : `We could not load the test. ${labsErrorText(query.error)}`}
      </Alert>
    );
  }
  if (!query.data) {
    return <Skeleton variant="rounded" height={420} aria-label="Loading the test" />;
  }
  return (
    <TestView
      test={query.data}
      // The moment of the answer (within what the test says of the server's clock).
      now={testNow(query.data, query.dataUpdatedAt)}
      stopping={stop.isPending}
      onStop={() =>
        stop.mutateAsync(testId).then((test) => {
          notify(stoppedText(test), { variant: test.status === 'stopped' ? 'success' : 'info' });
          return test;
        })
      }
    />
  );
}

/** One channel's Labs (remounted per channel, so nothing of another one stays). */
function ChannelLabs({ channel }: { channel: Channel }) {
  const [params, setParams] = useSearchParams();
  const testId = params.get('test');
  const creating = params.get('new') === '1';
  const tests = useThumbnailTests(channel.id);
  const { start } = useTestActions(channel.id);
  const [formKey, setFormKey] = useState(0);

  const showList = () => setParams({});
  let body;
  if (testId) {
    body = (
      <Stack spacing={2}>
        <Box>
          <Button component={RouterLink} to={paths.labs} startIcon={<ArrowBack />} size="small">
            All tests
          </Button>
        </Box>
        <TestDetails key={testId} channelId={channel.id} testId={testId} />
      </Stack>
    );
  } else if (creating) {
    body = (
      <NewTestForm
        key={formKey}
        channelId={channel.id}
        starting={start.isPending}
        onCancel={showList}
        onStart={(input) =>
          start.mutateAsync(input).then((test) => {
            notify('Thumbnail test started.', { variant: 'success' });
            setFormKey((k) => k + 1);
            setParams({ test: test.id });
            return test;
          })
        }
      />
    );
  } else if (tests.isError) {
    body =
      isApiError(tests.error) && tests.error.code === 'feature-not-enabled' ? (
        <Alert severity="warning">Labs is not enabled for your account.</Alert>
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void tests.refetch()}>
              Retry
            </Button>
          }
        >
          We could not load your thumbnail tests. {labsErrorText(tests.error)}
        </Alert>
      );
  } else if (!tests.data) {
    body = <Skeleton variant="rounded" height={160} aria-label="Loading your thumbnail tests" />;
  } else if (tests.data.tests.length === 0) {
    body = <EmptyState budget={tests.data.budget} />;
  } else {
    const running = tests.data.tests.filter(isActive);
    const ended = tests.data.tests.filter((t) => !isActive(t));
    body = (
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          <BudgetText budget={tests.data.budget} />
        </Typography>
        <TestList title="Running" tests={running} />
        <TestList title="Ended" tests={ended} />
      </Stack>
    );
  }

  return (
    <Box sx={{ py: 2 }}>
      <PageHeading title="Labs">
        Features we are still trying out with a few creators. They work on your real channel, may
        change, and we would love to hear what you think.
      </PageHeading>
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.6rem' }}>
          Thumbnail tests
        </Typography>
        {creating ? null : (
          <Button variant="contained" startIcon={<Add />} onClick={() => setParams({ new: '1' })}>
            New test
          </Button>
        )}
      </Stack>
      {body}
    </Box>
  );
}

/**
 * Labs (/labs, labs_user): thumbnail tests of the active channel: the running ones first, then
 * ended ones; a new test (`?new=1`); one test's view (`?test=<id>`).
 */
export function LabsPage() {
  const { activeChannel, isLoading } = useActiveChannel();
  if (!activeChannel) {
    return (
      <Box sx={{ py: 2 }}>
        <PageHeading title="Labs" />
        {isLoading ? (
          <Skeleton variant="rounded" height={160} aria-label="Loading your channel" />
        ) : (
          <Alert severity="info">Connect a channel to test its thumbnails.</Alert>
        )}
      </Box>
    );
  }
  return <ChannelLabs key={activeChannel.id} channel={activeChannel} />;
}
