import type { Invoice } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../lib/format.ts';
import { useInvoices } from '../api/invoices.ts';
import { invoiceAmountText, invoiceStatusText } from '../billing-format.ts';

/** A link to the payment provider's page, opening in a new tab (and saying so). */
function ExternalLink({ href, label, name }: { href: string; label: string; name: string }) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} ${name} (opens in a new tab)`}
    >
      {label}
    </Link>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const date = formatDate(invoice.createdAt);
  const name = invoice.number ? `invoice ${invoice.number}` : `the invoice of ${date}`;
  return (
    <TableRow>
      <TableCell>{date}</TableCell>
      <TableCell>{invoice.number ?? '–'}</TableCell>
      <TableCell align="right">{invoiceAmountText(invoice)}</TableCell>
      <TableCell>{invoiceStatusText(invoice.status)}</TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 2 }}>
          {invoice.hostedUrl ? (
            <ExternalLink href={invoice.hostedUrl} label="View" name={name} />
          ) : null}
          {invoice.pdfUrl ? <ExternalLink href={invoice.pdfUrl} label="PDF" name={name} /> : null}
          {!invoice.hostedUrl && !invoice.pdfUrl ? '–' : null}
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** The account's invoices, newest first: date, number, amount, status and their pages. */
export function InvoicesTable() {
  const invoices = useInvoices();
  if (invoices.isPending) {
    return <Skeleton variant="rounded" height={120} aria-label="Loading invoices" />;
  }
  if (invoices.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void invoices.refetch()}>
            Retry
          </Button>
        }
      >
        We could not load your invoices.
      </Alert>
    );
  }
  if (invoices.data.invoices.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No invoices yet. They appear here after your first payment.
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Invoices">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Number</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Invoice</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.data.invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
