import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * An inline error/success message for forms on sign-in pages. MUI's Alert would bring
 * IconButton and its icons into the login page's initial JavaScript for no visible gain.
 */
export function FormMessage({
  severity,
  children,
}: {
  severity: 'error' | 'success';
  children: ReactNode;
}) {
  return (
    <Box
      role={severity === 'error' ? 'alert' : 'status'}
      sx={(t) => ({
        px: 2,
        py: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: severity === 'error' ? t.palette.error.main : t.palette.success.main,
        bgcolor: severity === 'error' ? '#fdecec' : '#e8f5e9',
        color: severity === 'error' ? t.palette.error.dark : t.palette.success.dark,
        fontSize: '0.9375rem',
      })}
    >
      {children}
    </Box>
  );
}
