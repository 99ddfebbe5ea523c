import type { ThumbnailTest } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../lib/format.ts';
import { shortDay, timelineDays, variantColor } from './labs-format.ts';

/**
 * The rotation: a row of the test's quota days, each coloured by the thumbnail live that day
 * (today outlined, days to come empty), then every exposure window with its dates.
 */
export function ExposureTimeline({ test, now }: { test: ThumbnailTest; now: number }) {
  const days = timelineDays(test, now);
  const labelOf = (index: number | null) =>
    index === null ? null : (test.variants[index]?.label ?? null);
  const byId = new Map(test.variants.map((v, i) => [v.id, { label: v.label, index: i }]));
  return (
    <Box component="section" aria-labelledby="rotation-heading">
      <Typography
        id="rotation-heading"
        variant="h3"
        component="h3"
        sx={{ fontSize: '1.1rem', mb: 1 }}
      >
        Rotation
      </Typography>
      <Stack
        direction="row"
        role="list"
        aria-label="Thumbnail live each day"
        sx={{ gap: 0.5, flexWrap: 'wrap', mb: 1.5 }}
      >
        {days.map((d) => {
          const label = labelOf(d.variantIndex);
          const text = `${shortDay(d.day)}: ${
            label ? `thumbnail ${label}` : d.future ? 'to come' : 'no thumbnail of the test'
          }${d.today ? ' (today)' : ''}`;
          return (
            <Box
              role="listitem"
              key={d.day}
              aria-label={text}
              title={text}
              data-variant={label ?? ''}
              sx={{
                minWidth: 44,
                px: 0.5,
                py: 0.5,
                borderRadius: 1,
                textAlign: 'center',
                fontSize: '0.75rem',
                lineHeight: 1.3,
                bgcolor: d.variantIndex === null ? 'grey.100' : variantColor(d.variantIndex),
                color: d.variantIndex === null ? 'text.secondary' : 'common.white',
                outline: d.today ? '2px solid' : 'none',
                outlineColor: 'text.primary',
                outlineOffset: 1,
              }}
            >
              <Box component="span" sx={{ display: 'block', fontWeight: 700 }} aria-hidden>
                {label ?? '·'}
              </Box>
              <Box component="span" aria-hidden>
                {shortDay(d.day)}
              </Box>
            </Box>
          );
        })}
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Exposure windows">
          <TableHead>
            <TableRow>
              <TableCell>Thumbnail</TableCell>
              <TableCell>Live from</TableCell>
              <TableCell>Until</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {test.windows.map((w) => {
              const variant = byId.get(w.variantId);
              return (
                <TableRow key={`${w.variantId}-${w.startedAt}`}>
                  <TableCell>
                    <Box
                      component="span"
                      aria-hidden
                      sx={{
                        display: 'inline-block',
                        width: 10,
                        height: 10,
                        borderRadius: '50%',
                        mr: 1,
                        bgcolor: variant ? variantColor(variant.index) : 'grey.400',
                      }}
                    />
                    {variant?.label ?? '?'}
                  </TableCell>
                  <TableCell>{formatDateTime(w.startedAt)}</TableCell>
                  <TableCell>{w.endedAt ? formatDateTime(w.endedAt) : 'Live now'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
