/**
 * VAT invoices and credit notes as PDFs (ADR 071):
 * - GET /orders/{public_id}/invoice                          whoever may read the order;
 * - GET /orders/{public_id}/credit-notes/{number}            the same;
 * - GET /admin/orders/{order_number}/invoice                 orders.read;
 * - GET /admin/orders/{order_number}/credit-notes/{number}   orders.read.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../../domain/errors.ts';
import { openapi } from '../../http/openapi.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import { orderNumberParam } from '../admin-orders/admin-orders.service.ts';
import { orderLinkQuery, publicIdParam, visibleOrders } from '../order/order-cookie.ts';
import type { OrderLinks } from '../order/order-link.ts';
import type { DocumentFile, InvoiceService } from './invoice.service.ts';

const pdf = { mediaType: 'application/pdf' };
const shopParams = { public_id: 'The order’s public id (a UUID)' };
const staffParams = { order_number: 'The order number, e.g. EB-7K3Q9M2X' };
const numberParam = { number: 'The credit note number, e.g. CN-000042' };

const shopInvoice = openapi({
  summary: 'The order’s VAT invoice as a PDF, for whoever may read the order',
  description:
    'Issued when the order is paid for; the `key` of the confirmation email’s link opens it ' +
    'as it opens the order.',
  auth: 'optional',
  params: shopParams,
  query: orderLinkQuery,
  replies: { 200: pdf },
  errors: ['order_not_found', 'invoice_not_available'],
});
const shopCreditNote = openapi({
  summary: 'A credit note (one per refund) of the order as a PDF',
  auth: 'optional',
  params: { ...shopParams, ...numberParam },
  query: orderLinkQuery,
  replies: { 200: pdf },
  errors: ['order_not_found', 'not_found'],
});
const staffInvoice = openapi({
  summary: 'The order’s VAT invoice as a PDF',
  permission: 'orders.read',
  params: staffParams,
  replies: { 200: pdf },
  errors: ['not_found', 'invoice_not_available'],
});
const staffCreditNote = openapi({
  summary: 'A credit note (one per refund) of the order as a PDF',
  permission: 'orders.read',
  params: { ...staffParams, ...numberParam },
  replies: { 200: pdf },
  errors: ['not_found'],
});

const CREDIT_NOTE = /^CN-\d{6,12}$/;

/** A credit note number as asked for, or not found. */
function creditNoteParam(value: string): string {
  const number = value.toUpperCase();
  if (!CREDIT_NOTE.test(number)) {
    throw new AppError('not_found', { message: 'There is no such credit note.' });
  }
  return number;
}

const sendPdf = (reply: FastifyReply, file: DocumentFile, access: 'private' | 'staff') =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${file.filename}"`)
    .header('cache-control', access === 'private' ? 'private, no-store' : 'no-store')
    .send(file.content);

export function invoiceRoutes(
  app: FastifyInstance,
  deps: { invoices: InvoiceService; orderLinks: OrderLinks; secureCookies: boolean },
) {
  const { invoices } = deps;

  app.get<{ Params: { public_id: string } }>(
    '/orders/:public_id/invoice',
    shopInvoice,
    async (request, reply) => {
      const publicId = publicIdParam(request.params.public_id);
      const file = await invoices.invoiceForShopper(publicId, {
        customerId: request.user?.id ?? null,
        visibleIds: visibleOrders(request, reply, publicId, deps),
        basketId: basketIdOf(request),
      });
      return sendPdf(reply, file, 'private');
    },
  );

  app.get<{ Params: { public_id: string; number: string } }>(
    '/orders/:public_id/credit-notes/:number',
    shopCreditNote,
    async (request, reply) => {
      const publicId = publicIdParam(request.params.public_id);
      const file = await invoices.creditNoteForShopper(
        publicId,
        creditNoteParam(request.params.number),
        {
          customerId: request.user?.id ?? null,
          visibleIds: visibleOrders(request, reply, publicId, deps),
          basketId: basketIdOf(request),
        },
      );
      return sendPdf(reply, file, 'private');
    },
  );

  app.get<{ Params: { order_number: string } }>(
    '/admin/orders/:order_number/invoice',
    staffInvoice,
    async (request, reply) => {
      const file = await invoices.invoiceForStaff(orderNumberParam(request.params.order_number));
      return sendPdf(reply, file, 'staff');
    },
  );

  app.get<{ Params: { order_number: string; number: string } }>(
    '/admin/orders/:order_number/credit-notes/:number',
    staffCreditNote,
    async (request, reply) => {
      const file = await invoices.creditNoteForStaff(
        orderNumberParam(request.params.order_number),
        creditNoteParam(request.params.number),
      );
      return sendPdf(reply, file, 'staff');
    },
  );
}
