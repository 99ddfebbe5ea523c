import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * An error or confirmation on the insights pages. Like FormMessage, but outside the sign-in
 * forms' shared chunk (its name puts FormMessage there, with the text inputs the shared page
 * does not need: about 10 KB gzip).
 */
export function InsightsNotice({
  severity,
  children,
}: {
  severity: 'error' | 'success';
  children: ReactNode;
}) {
  const error = severity === 'error';
  return (
    <Box
      role={error ? 'alert' : 'status'}
      sx={(t) => ({
        px: 2,
        py: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: error ? t.palette.error.main : t.palette.success.main,
        bgcolor: error ? '#fdecec' : '#e8f5e9',
        color: error ? t.palette.error.dark : t.palette.success.dark,
      })}
    >
      {children}
    </Box>
  );
}
