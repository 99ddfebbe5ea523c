import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Onboarding, OnboardingCompetitor } from '@tubewise/contract';
import {
  ONBOARDING_COMPETITORS_MAX,
  ONBOARDING_COMPETITORS_MIN,
} from '@tubewise/contract/onboarding-constants';
import { ChannelSearch } from '../../../components/channel-search/channel-search.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { useUpdateOnboarding } from '../api/update-onboarding.ts';
import { callErrorText } from '../call-error-text.ts';
import {
  COMPETITORS_FULL_TEXT,
  COMPETITORS_TOO_FEW_TEXT,
  SAVE_FAILED_TEXT,
} from '../onboarding-texts.ts';
import { ChosenCompetitors } from './chosen-competitors.tsx';
import { StepActions } from './step-actions.tsx';
import { StepHeading } from './step-heading.tsx';

/** Step 1: find competitors by name and choose 1 to 5, then save them. */
export function CompetitorsStep({
  onboarding,
  focusHeading,
  onDone,
}: {
  onboarding: Onboarding;
  focusHeading: boolean;
  onDone: () => void;
}) {
  const [chosen, setChosen] = useState<OnboardingCompetitor[]>(onboarding.competitors);
  const [tooFew, setTooFew] = useState(false);
  const save = useUpdateOnboarding(onboarding.id);
  const full = chosen.length >= ONBOARDING_COMPETITORS_MAX;

  const choose = (channel: OnboardingCompetitor) => {
    setTooFew(false);
    setChosen((list) =>
      list.length >= ONBOARDING_COMPETITORS_MAX ||
      list.some((c) => c.youtubeId === channel.youtubeId)
        ? list
        : [...list, channel],
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (chosen.length < ONBOARDING_COMPETITORS_MIN) {
      setTooFew(true);
      return;
    }
    save.mutate({ competitors: chosen }, { onSuccess: onDone });
  };

  return (
    <Box>
      <StepHeading focus={focusHeading}>Who are your competitors?</StepHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Choose {ONBOARDING_COMPETITORS_MIN} to {ONBOARDING_COMPETITORS_MAX} YouTube channels that
        make videos like yours.
      </Typography>
      <ChannelSearch
        searchLabel="Search channels"
        fieldLabel="Channel name"
        hint="Search for the YouTube channels you compete with, by name."
        actionLabel="Choose"
        blockedReason={(id) => (chosen.some((c) => c.youtubeId === id) ? 'Chosen' : null)}
        full={full}
        onPick={({ youtubeId, title, thumbnailUrl }) => choose({ youtubeId, title, thumbnailUrl })}
      />
      <ChosenCompetitors
        competitors={chosen}
        onRemove={(id) => setChosen((list) => list.filter((c) => c.youtubeId !== id))}
      />
      {full ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {COMPETITORS_FULL_TEXT}
        </Typography>
      ) : null}
      <Box
        component="form"
        aria-label="Save competitors"
        noValidate
        onSubmit={submit}
        sx={{ mt: 2 }}
      >
        {tooFew ? <FormMessage severity="error">{COMPETITORS_TOO_FEW_TEXT}</FormMessage> : null}
        {save.isError ? (
          <FormMessage severity="error">{callErrorText(save.error, SAVE_FAILED_TEXT)}</FormMessage>
        ) : null}
        <StepActions pending={save.isPending} />
      </Box>
    </Box>
  );
}
