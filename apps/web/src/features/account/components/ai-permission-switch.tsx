import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { notify } from '../../../lib/notify.ts';
import { useUpdateAiPermission } from '../api/update-ai-permission.ts';

/** Label of the AI permission switch. */
export const AI_PERMISSION_LABEL =
  "Let the AI read my videos' metadata and captions to write suggestions";

/**
 * The AI permission switch (the user's `aiPermission`), with what it sends and when; shows the
 * pending value while saving.
 */
export function AiPermissionSwitch({ allowed }: { allowed: boolean }) {
  const update = useUpdateAiPermission();
  const checked = update.isPending ? (update.variables ?? allowed) : allowed;
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={update.isPending}
            slotProps={{ input: { 'aria-describedby': 'ai-permission-help' } }}
            onChange={(_e, next) =>
              update.mutate(next, {
                onError: () =>
                  notify('Failed to update your AI setting.', {
                    variant: 'error',
                  }),
              })
            }
          />
        }
        label={AI_PERMISSION_LABEL}
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
