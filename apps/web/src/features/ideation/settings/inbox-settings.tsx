import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/page-heading.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { parseFlags, useUser } from '../../../lib/user.ts';
import { useIdeaInboxSettings, useUpdateIdeaInbox } from '../api/inbox.ts';

/** The user flag that gives access to the weekly ideas e-mail. */
export const WEEKLY_IDEAS_FLAG = 'weekly_video_ideas';

function ChannelSwitches() {
  const query = useIdeaInboxSettings(true);
  const update = useUpdateIdeaInbox();

  if (query.isPending) {
    return (
      <Box aria-busy="true" aria-label="Loading the inbox settings">
        <Skeleton variant="rounded" height={56} sx={{ mb: 1 }} />
        <Skeleton variant="rounded" height={56} />
      </Box>
    );
  }
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
        <AlertTitle>We could not load your inbox settings</AlertTitle>
        {isApiError(query.error) ? query.error.message : 'Something went wrong. Please try again.'}
      </Alert>
    );
  }
  if (query.data.items.length === 0) {
    return <Alert severity="info">Connect a channel to receive weekly video ideas for it.</Alert>;
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="weekly-heading">
      <Typography id="weekly-heading" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        Weekly ideas e-mail
      </Typography>
      <List>
        {query.data.items.map((item) => (
          <ListItem key={item.channelId} divider>
            <FormControlLabel
              sx={{ flex: 1, justifyContent: 'space-between', ml: 0 }}
              labelPlacement="start"
              label={
                <Box>
                  <Typography>{item.channelName}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {item.weeklyIdeas
                      ? 'You get new video ideas for this channel every week.'
                      : 'No weekly e-mail for this channel.'}
                  </Typography>
                </Box>
              }
              control={
                <Switch
                  checked={item.weeklyIdeas}
                  slotProps={{
                    input: { 'aria-label': `Weekly ideas e-mail for ${item.channelName}` },
                  }}
                  onChange={(_e, checked) =>
                    update.mutate(
                      { channelId: item.channelId, weeklyIdeas: checked },
                      {
                        onSuccess: () =>
                          notify(
                            checked
                              ? `Weekly ideas for ${item.channelName} turned on`
                              : `Weekly ideas for ${item.channelName} turned off`,
                            { variant: 'success' },
                          ),
                        onError: (err) =>
                          notify(
                            isApiError(err)
                              ? err.message
                              : 'The setting was not changed. Please try again.',
                            { variant: 'error' },
                          ),
                      },
                    )
                  }
                />
              }
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/**
 * Inbox settings: people with the weekly_video_ideas flag opt in or out of the weekly ideas
 * e-mail per channel; everyone else reads that it is not available to them.
 */
export function InboxSettingsPage() {
  const { data: user } = useUser();
  const allowed = parseFlags(user?.flags).has(WEEKLY_IDEAS_FLAG);
  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <PageHeading title="Inbox settings">
        Get a weekly e-mail with fresh video ideas for your channels, picked for their search demand
        and weak competition.
      </PageHeading>
      {allowed ? (
        <ChannelSwitches />
      ) : (
        <Alert severity="info">
          <AlertTitle>Weekly video ideas are not available on your account</AlertTitle>
          The weekly ideas e-mail is offered to a limited group of accounts for now. You can still
          discover and save ideas at any time.
        </Alert>
      )}
    </Box>
  );
}
