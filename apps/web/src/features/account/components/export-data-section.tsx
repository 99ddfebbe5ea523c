import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { AccountExport } from '@tubewise/contract';
import { ACCOUNT_EXPORT_DAYS } from '@tubewise/contract/billing-constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import {
  downloadAccountExport,
  isOpenExport,
  requestExportErrorText,
  useAccountExports,
  useRequestAccountExport,
} from '../api/account-exports.ts';

/** "512 B", "3.4 KB", "12.5 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** One export: its state in words, a progress bar while it is prepared, the download when ready. */
function ExportItem({ item, highlighted }: { item: AccountExport; highlighted: boolean }) {
  const ref = useRef<HTMLLIElement>(null);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => {
    // The export the e-mail links to is brought into view and focused once.
    if (highlighted) ref.current?.focus();
  }, [highlighted]);
  const asked = `Asked for ${formatDateTime(item.createdAt)}`;
  const download = (): void => {
    setDownloading(true);
    downloadAccountExport(item)
      .then((ok) => {
        if (!ok) notify('This export is no longer available.', { variant: 'warning' });
      })
      .catch(() => notify('The download could not start. Please try again.', { variant: 'error' }))
      .finally(() => setDownloading(false));
  };
  return (
    <Box
      component="li"
      ref={ref}
      tabIndex={highlighted ? -1 : undefined}
      aria-current={highlighted ? 'true' : undefined}
      sx={{
        listStyle: 'none',
        p: 2,
        borderRadius: 1,
        border: 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
        borderWidth: highlighted ? 2 : 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {asked}
        {highlighted ? ' · the export from your e-mail' : ''}
      </Typography>
      {isOpenExport(item) ? (
        <>
          <Typography>Preparing your export… We will e-mail you when it is ready.</Typography>
          <LinearProgress aria-label="Preparing your export" />
        </>
      ) : item.status === 'ready' && item.downloadUrl ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Typography>
            Ready: {formatBytes(item.bytes ?? 0)}, available until{' '}
            {formatDate(item.expiresAt ?? item.createdAt)}.
          </Typography>
          <Button
            variant="contained"
            component="a"
            href={item.downloadUrl}
            download
            loading={downloading}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              download();
            }}
          >
            Download
          </Button>
        </Box>
      ) : item.status === 'failed' ? (
        <Typography color="error">This export could not be prepared.</Typography>
      ) : (
        <Typography color="text.secondary">Expired: its archive was deleted.</Typography>
      )}
    </Box>
  );
}

/**
 * "Export your data": asks for a ZIP of everything the account holds, shows its progress (the
 * list is polled only while an export is being prepared) and offers the download when ready.
 * `?export=<id>` (the e-mail's link) highlights that export.
 */
export function ExportDataSection() {
  const exports = useAccountExports();
  const request = useRequestAccountExport();
  const [params] = useSearchParams();
  const linked = params.get('export');
  const items = exports.data?.exports ?? [];
  const open = items.some(isOpenExport);
  const linkedMissing = linked !== null && exports.isSuccess && !items.some((e) => e.id === linked);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}>
      <Typography>
        Download everything your account holds: your profile, channels and their settings, videos,
        drafts, publish history, templates, ideas and scripts, tracked keywords and their ranks, AI
        suggestions and billing, as JSON files with CSV copies of the tables. We prepare it in the
        background and e-mail you when it is ready; it can be downloaded for {ACCOUNT_EXPORT_DAYS}{' '}
        days.
      </Typography>
      {request.isError ? (
        <Alert severity="error">{requestExportErrorText(request.error)}</Alert>
      ) : null}
      {exports.isError ? <Alert severity="error">Your exports could not be loaded.</Alert> : null}
      {linkedMissing ? (
        <Alert severity="info">
          The export from your e-mail is no longer available. You can ask for a new one.
        </Alert>
      ) : null}
      <Button
        variant="outlined"
        // aria-disabled rather than disabled while one is prepared: focus stays on the button.
        onClick={() => {
          if (!open && !request.isPending) request.mutate();
        }}
        loading={request.isPending}
        aria-disabled={open || undefined}
        sx={{ alignSelf: 'flex-start' }}
      >
        Export my data
      </Button>
      <div aria-live="polite">
        {items.length > 0 ? (
          <Box
            component="ul"
            aria-label="Your exports"
            sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
          >
            {items.slice(0, 5).map((item) => (
              <ExportItem key={item.id} item={item} highlighted={item.id === linked} />
            ))}
          </Box>
        ) : null}
      </div>
    </Box>
  );
}
