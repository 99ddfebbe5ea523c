import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The page's h1 and an optional lead sentence. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Typography variant="h1" component="h1" gutterBottom>
        {title}
      </Typography>
      {children ? (
        <Typography variant="body1" color="text.secondary">
          {children}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A page whose feature arrives in a later issue: its title and what it will hold. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <Box sx={{ py: 2 }}>
      <PageHeading title={title}>{description}</PageHeading>
    </Box>
  );
}
