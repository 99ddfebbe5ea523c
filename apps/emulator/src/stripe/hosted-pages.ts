// The hosted pages under {prefix}/stripe/ of the emulator plugin: Checkout, the billing portal
// and invoices. Each request first applies what is due on the clock; a form POST from a page of
// another site is refused (the pages are capabilities: whoever has the URL may use it).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCheckoutPage } from './checkout-page.ts';
import { escapeHtml, page, sendPage } from './html.ts';
import { registerInvoicePage } from './invoice-page.ts';
import { registerPortalPage } from './portal-page.ts';
import type { StripeEmulatorHandle } from './stripe-emulator.ts';

export function registerHostedPages(
  app: FastifyInstance,
  stripe: StripeEmulatorHandle,
  options: { appName: string; publicUrl: string },
): void {
  const ownOrigin = new URL(options.publicUrl).origin;
  /** A form POST sent by a page of another site (the pages post to themselves only). */
  const foreign = (request: FastifyRequest): boolean => {
    const site = request.headers['sec-fetch-site'];
    if (site === 'same-origin' || site === 'none') return false;
    if (site !== undefined) return true;
    const origin = request.headers.origin;
    if (origin === undefined || origin === 'null') return false;
    // The public origin, or the one the request was actually sent to (another host name).
    return origin !== ownOrigin && origin !== `${request.protocol}://${request.headers.host}`;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'POST' && foreign(request))
      return sendPage(
        reply,
        403,
        page(
          `Forbidden · ${options.appName}`,
          options.appName,
          `<section class="card"><h1>Forbidden</h1><p role="alert">This form may only be sent from its own page on ${escapeHtml(ownOrigin)}.</p></section>`,
        ),
      );
    stripe.tick();
  });
  registerCheckoutPage(app, stripe, options.appName);
  registerPortalPage(app, stripe, options.appName);
  registerInvoicePage(app, stripe, options.appName);
}
