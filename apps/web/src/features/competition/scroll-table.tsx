import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A table's horizontal scroller for narrow screens: the table keeps `minWidth` (so no column is
 * crushed) and the scroller takes the keyboard focus, so it can be scrolled without a mouse.
 */
export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  /** What the table holds (the scroller's accessible name). */
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Box
      role="group"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        '& > table': { minWidth },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      {children}
    </Box>
  );
}
