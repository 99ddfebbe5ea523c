// The hosted invoice page (hosted_invoice_url) and its PDF (invoice_pdf): number, dates, lines,
// totals and status; an open invoice can be paid there with a card (the same test-card rules).
import type { FastifyInstance } from 'fastify';
import { checkCard, type CardRefusal } from './cards.ts';
import { formatAmount, formatDate } from './format.ts';
import {
  alertBox,
  cardFields,
  escapeHtml,
  page,
  readCardForm,
  sendPage,
  TEST_CARD_HINT,
  type CardFormValues,
} from './html.ts';
import { renderPdf, type PdfText } from './pdf.ts';
import type { StripeEmulatorHandle } from './stripe-emulator.ts';
import type { InvoiceRecord } from './stripe-state.ts';

const STATUS: Record<string, string> = {
  paid: 'Paid',
  open: 'Due',
  void: 'Void',
  uncollectible: 'Uncollectible',
  draft: 'Draft',
};

export function renderInvoice(
  stripe: StripeEmulatorHandle,
  invoice: InvoiceRecord,
  appName: string,
  options: { refusals?: readonly CardRefusal[]; values?: CardFormValues; paid?: boolean } = {},
): string {
  const json = stripe.presenter.invoice(invoice);
  const money = (amount: number) => escapeHtml(formatAmount(amount, invoice.currency));
  const refusals = options.refusals ?? [];
  const payForm =
    invoice.status === 'open'
      ? `<section class="card" aria-labelledby="pay-heading">
<h2 id="pay-heading">Pay ${money(json.amount_remaining)}</h2>
${invoice.lastPaymentError && refusals.length === 0 ? `<p class="muted">The last attempt failed: ${escapeHtml(invoice.lastPaymentError)}</p>` : ''}
${alertBox(refusals)}
<form method="post" action="" novalidate>
${cardFields(options.values ?? {}, refusals)}
<button type="submit" class="primary">Pay invoice</button>
</form>
${TEST_CARD_HINT}
</section>`
      : '';
  return page(
    `${refusals.length ? 'Error: ' : ''}Invoice ${invoice.number ?? invoice.id} · ${appName}`,
    appName,
    `<div class="grid">
<section class="card" aria-labelledby="invoice-heading">
<h1 id="invoice-heading">Invoice ${escapeHtml(invoice.number ?? '')}</h1>
${options.paid ? '<p class="status" role="status">Payment received. Thank you.</p>' : ''}
<p class="price">${money(json.amount_due)}</p>
<dl>
<dt>Status</dt><dd>${escapeHtml(STATUS[invoice.status] ?? invoice.status)}</dd>
<dt>Date</dt><dd>${escapeHtml(formatDate(invoice.created))}</dd>
${invoice.paidAt !== null ? `<dt>Paid on</dt><dd>${escapeHtml(formatDate(invoice.paidAt))}</dd>` : ''}
${invoice.customerEmail ? `<dt>Billed to</dt><dd>${escapeHtml(invoice.customerEmail)}</dd>` : ''}
</dl>
<table>
<thead><tr><th scope="col">Description</th><th scope="col">Period</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${invoice.lines
  .map(
    (line) =>
      `<tr><td>${escapeHtml(line.description)}</td><td>${escapeHtml(formatDate(line.periodStart))} – ${escapeHtml(formatDate(line.periodEnd))}</td><td class="num">${money(line.amount)}</td></tr>`,
  )
  .join('\n')}
</tbody>
<tfoot>
<tr><th scope="row" colspan="2">Total</th><td class="num">${money(json.total)}</td></tr>
<tr><th scope="row" colspan="2">Amount paid</th><td class="num">${money(json.amount_paid)}</td></tr>
<tr><th scope="row" colspan="2">Amount remaining</th><td class="num">${money(json.amount_remaining)}</td></tr>
</tfoot>
</table>
<p><a href="${escapeHtml(json.invoice_pdf ?? '')}">Download invoice (PDF)</a></p>
</section>
${payForm}
</div>`,
  );
}

/** The invoice as a PDF document. */
export function invoicePdf(
  stripe: StripeEmulatorHandle,
  invoice: InvoiceRecord,
  appName: string,
): Buffer {
  const json = stripe.presenter.invoice(invoice);
  const money = (amount: number) => formatAmount(amount, invoice.currency);
  const texts: PdfText[] = [
    { text: 'Invoice', x: 56, y: 730, size: 22, bold: true },
    { text: appName, x: 400, y: 734, size: 13, bold: true },
    { text: `Invoice number  ${invoice.number ?? invoice.id}`, x: 56, y: 700 },
    { text: `Date of issue  ${formatDate(invoice.created)}`, x: 56, y: 684 },
    { text: `Status  ${STATUS[invoice.status] ?? invoice.status}`, x: 56, y: 668 },
    {
      text: `Bill to  ${invoice.customerName ?? ''} ${invoice.customerEmail ?? ''}`.trim(),
      x: 56,
      y: 652,
    },
    {
      text: `${money(json.amount_due)} ${invoice.status === 'paid' ? 'paid' : 'due'}`,
      x: 56,
      y: 620,
      size: 16,
      bold: true,
    },
    { text: 'Description', x: 56, y: 584, bold: true },
    { text: 'Amount', x: 480, y: 584, bold: true },
  ];
  let y = 564;
  for (const line of invoice.lines.slice(0, 20)) {
    texts.push({ text: line.description.slice(0, 80), x: 56, y, size: 10 });
    texts.push({ text: money(line.amount), x: 480, y, size: 10 });
    texts.push({
      text: `${formatDate(line.periodStart)} – ${formatDate(line.periodEnd)}`,
      x: 56,
      y: y - 13,
      size: 9,
    });
    y -= 34;
  }
  texts.push({ text: 'Total', x: 380, y: y - 6, bold: true });
  texts.push({ text: money(json.total), x: 480, y: y - 6, bold: true });
  texts.push({ text: 'Amount paid', x: 380, y: y - 22 });
  texts.push({ text: money(json.amount_paid), x: 480, y: y - 22 });
  texts.push({ text: 'Test mode: issued by the Tubewise Stripe emulator.', x: 56, y: 56, size: 9 });
  return renderPdf(texts, `Invoice ${invoice.number ?? invoice.id}`);
}

/** GET /stripe/invoices/:id, POST (pay), GET /stripe/invoices/:id/pdf on the emulator plugin. */
export function registerInvoicePage(
  app: FastifyInstance,
  stripe: StripeEmulatorHandle,
  appName: string,
): void {
  const find = (id: string) => {
    const invoice = stripe.state.invoices.get(id);
    return invoice && invoice.status !== 'draft' ? invoice : undefined;
  };
  const notFound = () =>
    page(
      `Invoice not found · ${appName}`,
      appName,
      `<section class="card"><h1>Invoice not found</h1><p role="alert">This invoice link is not valid.</p></section>`,
    );

  app.get('/stripe/invoices/:id', async (request, reply) => {
    const invoice = find((request.params as { id: string }).id);
    if (!invoice) return sendPage(reply, 404, notFound());
    const paid = (request.query as Record<string, unknown>).paid === '1';
    return sendPage(reply, 200, renderInvoice(stripe, invoice, appName, { paid }));
  });

  app.post('/stripe/invoices/:id', async (request, reply) => {
    const invoice = find((request.params as { id: string }).id);
    if (!invoice) return sendPage(reply, 404, notFound());
    if (invoice.status !== 'open')
      return sendPage(reply, 409, renderInvoice(stripe, invoice, appName));
    const input = readCardForm(request.body);
    const values = { number: input.number, expiry: input.expiry, name: input.name };
    const checked = checkCard(input, stripe.billing.nowSeconds() * 1000);
    const refusal = checked.ok
      ? stripe.billing.payInvoiceWithCard(invoice, checked.card, input.name.trim())
      : null;
    const refusals = checked.ok ? (refusal ? [refusal] : []) : checked.refusals;
    if (refusals.length > 0) {
      const status = refusals.some((r) => r.code === 'card_declined' || r.declineCode) ? 402 : 400;
      return sendPage(reply, status, renderInvoice(stripe, invoice, appName, { refusals, values }));
    }
    return reply.code(303).header('location', `./${invoice.id}?paid=1`).send();
  });

  app.get('/stripe/invoices/:id/pdf', async (request, reply) => {
    const invoice = find((request.params as { id: string }).id);
    if (!invoice) return sendPage(reply, 404, notFound());
    return reply
      .header(
        'content-disposition',
        `inline; filename="Invoice-${invoice.number ?? invoice.id}.pdf"`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .type('application/pdf')
      .send(invoicePdf(stripe, invoice, appName));
  });
}
