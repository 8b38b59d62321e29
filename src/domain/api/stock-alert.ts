/**
 * Wire shape of a back-in-stock sign-up: `{ data: { stock_notification } }` from
 * POST /api/v1/products/{id}/stock_notifications (201), inferred from its reply schema
 * (replies.ts, ADR 046).
 */
import type { z } from 'zod/mini';
import type { stockNotificationSchema } from './replies.ts';

export type StockNotificationView = z.output<typeof stockNotificationSchema>;
