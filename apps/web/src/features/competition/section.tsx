import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A titled region of the competition page (h2, labelled by its title), with optional actions. */
export function Section({
  title,
  id,
  actions,
  children,
}: {
  title: string;
  id: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h3" component="h2" id={id}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}

/** A section's empty or waiting state: a short title and what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack
      role="status"
      spacing={1}
      sx={{ py: 4, px: 2, textAlign: 'center', alignItems: 'center' }}
    >
      <Typography variant="subtitle1" component="p">
        {title}
      </Typography>
      {children ? (
        <Typography variant="body2" color="text.secondary" component="div">
          {children}
        </Typography>
      ) : null}
    </Stack>
  );
}
