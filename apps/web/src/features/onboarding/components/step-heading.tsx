import { useEffect, useRef, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/**
 * A step's heading (h2). When the visitor moves to the step, focus goes to it, so keyboard and
 * screen-reader users start reading the new step; on the first render it is left alone.
 */
export function StepHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    // Only when the step appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Typography
      ref={ref}
      variant="h2"
      component="h2"
      tabIndex={-1}
      gutterBottom
      sx={{ '&:focus': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}
