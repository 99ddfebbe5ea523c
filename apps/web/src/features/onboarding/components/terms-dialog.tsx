import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { TERMS_TITLE, termsSections } from '../onboarding-terms.ts';

/** The short terms of the onboarding in a dialog; closing it returns focus to its opener. */
export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { productName } = usePublicConfig();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId} component="h2">
        {TERMS_TITLE}
      </DialogTitle>
      <DialogContent dividers>
        {termsSections(productName).map((section) => (
          <section key={section.heading}>
            <Typography variant="h3" component="h3" sx={{ fontSize: '1.0625rem', mt: 1, mb: 1 }}>
              {section.heading}
            </Typography>
            {section.paragraphs.map((p) => (
              <Typography key={p} sx={{ mb: 1.5 }}>
                {p}
              </Typography>
            ))}
          </section>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
