import { useEffect, useRef } from 'react';
import Typography from '@mui/material/Typography';

/** What replaces "Stop sharing" once the link is off. */
export const SHARING_OFF_TEXT = 'Sharing is off: the link no longer works.';

/**
 * The status that replaces "Stop sharing". With `focus` (the person just stopped sharing, and
 * the button they used is gone) it takes the focus, so keyboard and screen-reader users land on
 * the outcome instead of the top of the page.
 */
export function SharingStopped({ focus = false }: { focus?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    // Only when it appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Typography ref={ref} role="status" tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
      {SHARING_OFF_TEXT}
    </Typography>
  );
}
