import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { unsubscribeWeeklyIdeas } from '../api/unsubscribe.ts';

/** Shortest and longest token the server accepts (contract: unsubscribeBody). */
const TOKEN_MIN = 10;
const TOKEN_MAX = 500;

// A plain message box rather than the MUI alert: this public page stays as light as sign-in.
function Message({
  tone,
  title,
  children,
}: {
  tone: 'success' | 'error';
  title: string;
  children: ReactNode;
}) {
  return (
    <Box
      role={tone === 'error' ? 'alert' : 'status'}
      sx={{
        borderLeft: 4,
        borderColor: `${tone}.main`,
        bgcolor: tone === 'error' ? 'rgba(211, 47, 47, 0.06)' : 'rgba(46, 125, 50, 0.06)',
        borderRadius: 1,
        px: 2,
        py: 1.5,
        mb: 2,
      }}
    >
      <Typography component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

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
      <Message tone="success" title="You are unsubscribed">
        You will no longer receive weekly video ideas for {state.channelName}. You can turn them
        back on in your{' '}
        <Link component={RouterLink} to={paths.videoIdeaSettings}>
          inbox settings
        </Link>
        .
      </Message>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <Message tone="error" title="This unsubscribe link is not valid">
        It may be incomplete or out of date. Open the link from your latest weekly ideas e-mail, or
        sign in and change the e-mail in your{' '}
        <Link component={RouterLink} to={paths.videoIdeaSettings}>
          inbox settings
        </Link>
        .
      </Message>
    );
  }
  return (
    <>
      <Typography sx={{ mb: 3 }}>
        Press the button to stop the weekly video ideas e-mail for this channel. You do not need to
        sign in.
      </Typography>
      {state.kind === 'failed' ? (
        <Message tone="error" title="You are not unsubscribed yet">
          {state.message} Please try again.
        </Message>
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
