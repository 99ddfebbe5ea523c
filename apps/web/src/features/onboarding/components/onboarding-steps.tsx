import { useState } from 'react';
import Box from '@mui/material/Box';
import type { Onboarding } from '@tubewise/contract';
import {
  missingPhase,
  PHASE_STEP,
  resumePhase,
  type OnboardingPhase,
} from '../onboarding-phase.ts';
import { CompetitorsStep } from './competitors-step.tsx';
import { EmailStep } from './email-step.tsx';
import { InsightsStep } from './insights-step.tsx';
import { KeywordsStep } from './keywords-step.tsx';
import { LocaleStep } from './locale-step.tsx';
import { OnboardingStepper } from './onboarding-stepper.tsx';
import { VerifyStep } from './verify-step.tsx';

/**
 * The stepper and the current step of a loaded onboarding. It resumes where the onboarding
 * stands; moving on focuses the new step's heading.
 */
export function OnboardingSteps({ onboarding }: { onboarding: Onboarding }) {
  const [phase, setPhase] = useState<OnboardingPhase>(() => resumePhase(onboarding));
  const [moved, setMoved] = useState(false);
  const go = (next: OnboardingPhase) => {
    setMoved(true);
    setPhase(next);
  };
  const common = { onboarding, focusHeading: moved };

  let step;
  switch (phase) {
    case 'competitors':
      step = <CompetitorsStep {...common} onDone={() => go('keywords')} />;
      break;
    case 'keywords':
      step = (
        <KeywordsStep {...common} onBack={() => go('competitors')} onDone={() => go('locale')} />
      );
      break;
    case 'locale':
      step = <LocaleStep {...common} onBack={() => go('keywords')} onDone={() => go('email')} />;
      break;
    case 'email':
      step = (
        <EmailStep
          {...common}
          onBack={() => go('locale')}
          onIncomplete={() => go(missingPhase(onboarding))}
          onSent={() => go('verify')}
        />
      );
      break;
    case 'verify':
      step = (
        <VerifyStep
          {...common}
          onChangeEmail={() => go('email')}
          onVerified={() => go('insights')}
        />
      );
      break;
    case 'insights':
      step = <InsightsStep {...common} />;
      break;
  }

  return (
    <Box>
      <OnboardingStepper active={PHASE_STEP[phase]} />
      <Box key={phase}>{step}</Box>
    </Box>
  );
}
