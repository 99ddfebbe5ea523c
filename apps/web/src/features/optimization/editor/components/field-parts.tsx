import type { ReactNode } from 'react';
import type { LimitError, Tip } from '@tubewise/recommendations';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import Restore from '@mui/icons-material/Restore';

/** "Restore the live value" button of a changed field. */
export function ResetButton({ field, onReset }: { field: string; onReset: () => void }) {
  const label = `Reset ${field} to the live value`;
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onReset}>
        <Restore fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** A field's heading row: label, an optional "changed" mark and the reset button when changed. */
export function FieldHeader({
  label,
  htmlFor,
  dirty,
  onReset,
  children,
}: {
  label: string;
  htmlFor?: string;
  dirty: boolean;
  onReset: () => void;
  children?: ReactNode;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minHeight: 34, flexWrap: 'wrap' }}>
      <Typography
        // A field without its own control (thumbnail, description) is a section of the page:
        // the level under the editor's h1, so the outline skips no level.
        component={htmlFor ? 'label' : 'h2'}
        htmlFor={htmlFor}
        variant="subtitle1"
        sx={{ fontWeight: 600 }}
      >
        {label}
      </Typography>
      {dirty ? (
        <>
          <Typography variant="caption" color="secondary">
            Changed
          </Typography>
          <ResetButton field={label.toLowerCase()} onReset={onReset} />
        </>
      ) : null}
      <Box sx={{ flex: 1 }} />
      {children}
    </Stack>
  );
}

/** "45/100": a counter that turns red past its limit. */
export function Counter({
  used,
  max,
  unit,
  label,
}: {
  used: number;
  max: number;
  unit?: string;
  label: string;
}) {
  return (
    <Typography
      variant="caption"
      color={used > max ? 'error' : 'text.secondary'}
      aria-label={`${label}: ${used} of ${max}${unit ? ` ${unit}` : ''}`}
      sx={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {used}/{max}
      {unit ? ` ${unit}` : ''}
    </Typography>
  );
}

/** The hard-limit errors of a field (they block publishing). */
export function LimitErrors({ errors, id }: { errors: LimitError[]; id: string }) {
  if (errors.length === 0) return null;
  return (
    <Box id={id} role="alert" sx={{ mt: 0.5 }}>
      {errors.map((e) => (
        <Stack key={e.code} direction="row" sx={{ gap: 0.5, color: 'error.main' }}>
          <ErrorOutline fontSize="small" aria-hidden />
          <Typography variant="body2">{e.message}</Typography>
        </Stack>
      ))}
    </Box>
  );
}

/** The tips of a field that are still to do, shown live under it. */
export function FieldTips({ tips, label }: { tips: Tip[]; label: string }) {
  const todo = tips.filter((t) => t.applicable && !t.passed && !t.ignored);
  if (todo.length === 0) return null;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}>
      {todo.map((tip) => (
        <Stack
          component="li"
          key={tip.type}
          direction="row"
          sx={{ gap: 0.5, color: 'text.secondary', alignItems: 'flex-start' }}
        >
          <LightbulbOutlined fontSize="small" aria-hidden sx={{ mt: '2px' }} />
          <Typography variant="body2">{tip.explanation}</Typography>
        </Stack>
      ))}
    </Box>
  );
}
