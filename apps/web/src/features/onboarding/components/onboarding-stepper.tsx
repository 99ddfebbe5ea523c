import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { STEP_LABELS } from '../onboarding-texts.ts';

/** The four steps (labels under their numbers, which fits phone widths), the current one marked. */
export function OnboardingStepper({ active }: { active: number }) {
  return (
    <Stepper
      activeStep={active}
      alternativeLabel
      aria-label="Onboarding steps"
      component="ol"
      sx={{ mb: 4, p: 0 }}
    >
      {STEP_LABELS.map((label, index) => (
        <Step key={label} component="li" aria-current={index === active ? 'step' : undefined}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
