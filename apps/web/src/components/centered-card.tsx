import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';

/** A narrow centred card for sign-in style pages. */
export function CenteredCard({
  children,
  maxWidth = 440,
}: {
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 } }}>
        {children}
      </Paper>
    </Box>
  );
}
