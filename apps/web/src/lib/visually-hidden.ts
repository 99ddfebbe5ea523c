/**
 * The `sx` of content hidden on screen but read by screen readers. Sizes are CSS strings on
 * purpose: MUI reads a bare `width: 1` as 100%, which made hidden text as wide as its container
 * and pushed pages wider than the window.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
