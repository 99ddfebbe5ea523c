import { useId, useState, type FormEvent } from 'react';
import type { SearchConsoleSite } from '@tubewise/contract';
import type { SearchConsolePeriod } from '@tubewise/contract/labs-constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../lib/api-error.ts';
import { useSetChannelProperty } from './api/search-console.ts';
import { permissionText, siteKind, siteName } from './search-console-format.ts';

/** Why an unverified property cannot be chosen. */
export const UNVERIFIED_TEXT =
  'Not verified for your Google account: Search Console has no figures of it for you. Verify it in Search Console to choose it.';

function SiteOption({ site }: { site: SearchConsoleSite }) {
  const detailId = useId();
  return (
    <Box sx={{ mb: 1 }}>
      <FormControlLabel
        value={site.siteUrl}
        disabled={!site.readable}
        control={<Radio slotProps={{ input: { 'aria-describedby': detailId } }} />}
        label={
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {siteName(site.siteUrl)}
          </Box>
        }
        sx={{ mr: 0 }}
      />
      <Typography
        id={detailId}
        variant="body2"
        color="text.secondary"
        sx={{ ml: 4, mt: -0.5, overflowWrap: 'anywhere' }}
      >
        {siteKind(site.siteUrl)} · {permissionText(site)}
        {site.readable ? null : (
          <>
            <br />
            {UNVERIFIED_TEXT}
          </>
        )}
      </Typography>
    </Box>
  );
}

/**
 * Chooses the channel's Search Console property among those the person's grant sees (unverified
 * ones shown, disabled, with the reason). The choice belongs to the channel: everyone on it sees
 * the section, so the form says so.
 */
export function PropertyChooser({
  channelId,
  channelName,
  days,
  sites,
  current,
  onSaved,
  onCancel,
}: {
  channelId: string;
  channelName: string;
  days: SearchConsolePeriod;
  sites: readonly SearchConsoleSite[];
  /** The channel's property now, when changing it. */
  current: string | null;
  onSaved: () => void;
  /** Shown as "Cancel" when there is a property to go back to. */
  onCancel?: () => void;
}) {
  const readable = sites.filter((s) => s.readable);
  const initial = readable.some((s) => s.siteUrl === current)
    ? current
    : readable.length === 1
      ? readable[0]!.siteUrl
      : null;
  const [choice, setChoice] = useState<string | null>(initial);
  const save = useSetChannelProperty(channelId, days);
  const legendId = useId();
  const noteId = useId();

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (choice === null) return;
    save.mutate(choice, { onSuccess: onSaved });
  };

  if (sites.length === 0) {
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          Your Google account has no property in Search Console yet. Add the website that embeds
          your videos in Search Console and verify it; it then shows here.
        </Typography>
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
      </Stack>
    );
  }

  return (
    <Box component="form" onSubmit={submit} aria-labelledby={legendId} noValidate>
      <Typography
        id={legendId}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 700, lineHeight: 1.4 }}
      >
        Choose the property for {channelName}
      </Typography>
      <Typography id={noteId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        The property is chosen for this channel and shared with its people: everyone who works on{' '}
        {channelName} sees its Google searches here.
      </Typography>
      <RadioGroup
        name="search-console-property"
        aria-labelledby={legendId}
        aria-describedby={noteId}
        value={choice ?? ''}
        onChange={(_, value) => setChoice(value)}
      >
        {sites.map((site) => (
          <SiteOption key={site.siteUrl} site={site} />
        ))}
      </RadioGroup>
      {readable.length === 0 ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          None of your properties is verified, so Search Console has no figures to show. Verify your
          website in Search Console, then come back.
        </Alert>
      ) : null}
      {save.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {isApiError(save.error) && save.error.code === 'search-console-not-connected'
            ? 'Search Console is no longer connected for your account. Connect it again to choose a property.'
            : // Someone else chose the property: the answer names who may change it.
              isApiError(save.error) && save.error.code === 'forbidden'
              ? save.error.message
              : 'We could not save the property. Please try again.'}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={choice === null}
          loading={save.isPending}
        >
          Save
        </Button>
        {onCancel ? (
          <Button onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
