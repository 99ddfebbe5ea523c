import { useId, useState, type FormEvent } from 'react';
import type { Channel, ChannelSettings, Language } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { notify } from '../../../lib/notify.ts';
import { useChannelSettings } from '../../../lib/channels/get-channel-settings.ts';
import { LOCALES_FAILED_TEXT, useLocales } from '../../../lib/channels/get-locales.ts';
import { useUpdateChannelSettings } from '../api/update-channel-settings.ts';
import { ChipListField } from './chip-list-field.tsx';

/** Limits of the contract's channelSettings schema (the server checks them again). */
export const SETTINGS_LIMITS = {
  topics: 20,
  industries: 10,
  entryLength: 80,
  eeatStatement: 2000,
  toneOfVoice: 500,
  companyName: 200,
} as const;

/** Shown after the settings were saved. */
export const SETTINGS_SAVED_TEXT = 'Channel settings saved.';

/** The language options: the known locales, plus the stored one if the list lacks it. */
export function languageOptions(
  locales: readonly Language[] | undefined,
  current: string,
): { id: string; name: string }[] {
  const options = (locales ?? []).map((l) => ({ id: l.id, name: l.name }));
  return options.some((o) => o.id === current)
    ? options
    : [{ id: current, name: current }, ...options];
}

function SettingsForm({
  channel,
  initial,
  onDone,
}: {
  channel: Channel;
  initial: ChannelSettings;
  onDone: () => void;
}) {
  const [values, setValues] = useState<ChannelSettings>(initial);
  const locales = useLocales();
  const save = useUpdateChannelSettings(channel.id);
  const formId = useId();
  const set = <K extends keyof ChannelSettings>(key: K, value: ChannelSettings[K]): void =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    save.mutate(
      {
        ...values,
        eeatStatement: values.eeatStatement.trim(),
        toneOfVoice: values.toneOfVoice.trim(),
        companyName: values.companyName.trim(),
      },
      {
        onSuccess: () => {
          notify(SETTINGS_SAVED_TEXT, { variant: 'success' });
          onDone();
        },
      },
    );
  };

  return (
    <>
      <DialogContent>
        <Box
          id={formId}
          component="form"
          noValidate
          aria-label={`Settings for ${channel.name}`}
          onSubmit={submit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: 1 }}
        >
          {save.isError ? (
            <Alert severity="error">
              {save.error.message || 'The settings could not be saved. Please try again.'}
            </Alert>
          ) : null}
          <ChipListField
            label="Topics"
            value={values.topics}
            onChange={(v) => set('topics', v)}
            maxItems={SETTINGS_LIMITS.topics}
            maxLength={SETTINGS_LIMITS.entryLength}
            placeholder="Type a topic and press Enter"
            helperText="What your videos are about. Used for keyword and idea suggestions; left empty, they are inferred from your synced videos."
          />
          {locales.isError ? <Alert severity="error">{LOCALES_FAILED_TEXT}</Alert> : null}
          <TextField
            select
            label="Keyword language"
            value={values.language}
            onChange={(e) => set('language', e.target.value)}
            disabled={!locales.data}
            helperText="Language and country of keyword search volumes."
            slotProps={{ select: { native: true } }}
          >
            {languageOptions(locales.data, values.language).map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </TextField>
          <TextField
            label="E-E-A-T statement"
            multiline
            minRows={3}
            value={values.eeatStatement}
            onChange={(e) => set('eeatStatement', e.target.value)}
            helperText="Your experience, expertise and why viewers can trust you; used in AI-written descriptions."
            slotProps={{ htmlInput: { maxLength: SETTINGS_LIMITS.eeatStatement } }}
          />
          <TextField
            label="Tone of voice"
            multiline
            minRows={2}
            value={values.toneOfVoice}
            onChange={(e) => set('toneOfVoice', e.target.value)}
            helperText="How AI-written titles and descriptions should sound, e.g. “friendly, hands-on”."
            slotProps={{ htmlInput: { maxLength: SETTINGS_LIMITS.toneOfVoice } }}
          />
          <ChipListField
            label="Industries"
            value={values.industries}
            onChange={(v) => set('industries', v)}
            maxItems={SETTINGS_LIMITS.industries}
            maxLength={SETTINGS_LIMITS.entryLength}
            placeholder="Type an industry and press Enter"
            helperText="The industries your channel serves."
          />
          <TextField
            label="Company name"
            value={values.companyName}
            onChange={(e) => set('companyName', e.target.value)}
            helperText="Leave empty if the channel is not a company's."
            slotProps={{ htmlInput: { maxLength: SETTINGS_LIMITS.companyName } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </>
  );
}

/** Props of the channel settings dialog. */
export interface ChannelSettingsDialogProps {
  channel: Channel;
  onClose: () => void;
}

/** A channel's topics, keyword language, E-E-A-T statement, tone, industries and company. */
export default function ChannelSettingsDialog({ channel, onClose }: ChannelSettingsDialogProps) {
  const settings = useChannelSettings(channel.id);
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Settings for {channel.name}</DialogTitle>
      {settings.data ? (
        <SettingsForm channel={channel} initial={settings.data} onDone={onClose} />
      ) : (
        <DialogContent>
          {settings.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
                  Retry
                </Button>
              }
            >
              We could not load this channel&apos;s settings.
            </Alert>
          ) : (
            <CircularProgress aria-label="Loading settings" />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
