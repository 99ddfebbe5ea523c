import Typography from '@mui/material/Typography';
import { useUpdateAiPermission } from '../api/update-ai-permission.ts';
import { SavingSwitch } from './saving-switch.tsx';

/** Label of the AI permission switch. */
export const AI_PERMISSION_LABEL =
  "Let the AI read my videos' metadata and captions to write suggestions";

/**
 * The AI permission switch (the user's `aiPermission`), with what it sends and when; shows the
 * pending value while saving.
 */
export function AiPermissionSwitch({ allowed }: { allowed: boolean }) {
  return (
    <>
      <SavingSwitch
        value={allowed}
        label={AI_PERMISSION_LABEL}
        failedText="Failed to update your AI setting."
        describedBy="ai-permission-help"
        mutation={useUpdateAiPermission()}
      />
      <Typography id="ai-permission-help" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        When you ask for AI suggestions in the video editor, Tubewise sends the video&apos;s title,
        description, tags and captions, with keyword figures and the videos ranking for its search
        term, to an AI model that writes titles and a description. Nothing is sent unless you ask,
        and nothing changes on YouTube until you use a suggestion and publish.
      </Typography>
    </>
  );
}
