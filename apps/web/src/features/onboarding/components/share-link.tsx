import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { shareInsightsHref } from '../../../config/paths.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';

/** The share link of the insights in a read-only field, with a copy button and its outcome. */
export function ShareLink({ insightsId }: { insightsId: string }) {
  const url = new URL(shareInsightsHref(insightsId), window.location.origin).toString();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    navigator.clipboard
      .writeText(url)
      .then(() => setCopied('copied'))
      .catch(() => setCopied('failed'));
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <FormTextField
          label="Share link"
          name="share-link"
          value={url}
          readOnly
          onFocus={(e) => e.target.select()}
        />
        <Button variant="outlined" size="large" onClick={copy} sx={{ height: 56, flexShrink: 0 }}>
          Copy link
        </Button>
      </Box>
      <Typography role="status" variant="body2" sx={{ mt: 0.5, minHeight: '1.5em' }}>
        {copied === 'copied' ? 'Link copied.' : null}
        {copied === 'failed' ? 'Could not copy: select the link and copy it yourself.' : null}
      </Typography>
    </Box>
  );
}
