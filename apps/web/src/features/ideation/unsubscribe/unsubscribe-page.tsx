import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { unsubscribeWeeklyIdeas } from '../api/inbox.ts';

/** Shortest and longest token the server accepts (contract: unsubscribeBody). */
const TOKEN_MIN = 10;
const TOKEN_MAX = 500;

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; channelName: string }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string };

/**
 * The weekly e-mail's unsubscribe page (public). Nothing happens on load — mail scanners open
 * links — the person presses "Unsubscribe", which posts the link's token.
 */
export function UnsubscribeForm({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(() =>
    !token || token.length < TOKEN_MIN || token.length > TOKEN_MAX
      ? { kind: 'invalid' }
      : { kind: 'idle' },
  );

  const unsubscribe = (): void => {
    if (!token) return;
    setState({ kind: 'busy' });
    unsubscribeWeeklyIdeas(token).then(
      ({ channelName }) => setState({ kind: 'done', channelName }),
      (err: unknown) => {
        if (isApiError(err) && err.status >= 400 && err.status < 500 && err.status !== 429) {
          setState({ kind: 'invalid' });
        } else {
          setState({
            kind: 'failed',
            message: isApiError(err) ? err.message : 'Something went wrong.',
          });
        }
      },
    );
  };

  if (state.kind === 'done') {
    return (
      <Alert severity="success" role="status">
        <AlertTitle>You are unsubscribed</AlertTitle>
        You will no longer receive weekly video ideas for {state.channelName}. You can turn them
        back on in your{' '}
        <Link component={RouterLink} to={paths.videoIdeaSettings}>
          inbox settings
        </Link>
        .
      </Alert>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <Alert severity="error" role="alert">
        <AlertTitle>This unsubscribe link is not valid</AlertTitle>
        It may be incomplete or out of date. Open the link from your latest weekly ideas e-mail, or
        sign in and change the e-mail in your{' '}
        <Link component={RouterLink} to={paths.videoIdeaSettings}>
          inbox settings
        </Link>
        .
      </Alert>
    );
  }
  return (
    <>
      <Typography sx={{ mb: 3 }}>
        Press the button to stop the weekly video ideas e-mail for this channel. You do not need to
        sign in.
      </Typography>
      {state.kind === 'failed' ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          <AlertTitle>You are not unsubscribed yet</AlertTitle>
          {state.message} Please try again.
        </Alert>
      ) : null}
      <Button
        variant="contained"
        size="large"
        fullWidth
        loading={state.kind === 'busy'}
        onClick={unsubscribe}
      >
        Unsubscribe
      </Button>
    </>
  );
}
