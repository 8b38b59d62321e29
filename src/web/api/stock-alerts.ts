/**
 * Back-in-stock sign-up: POST /products/{id}/stock_notifications with email_address.
 */
import { useMutation } from '@tanstack/react-query';
import type { StockNotificationView } from '../../domain/api/stock-alert.ts';
import { api } from '../lib/api-client.ts';

export interface StockNotificationPayload {
  productId: number;
  email_address: string;
}

export function useStockNotificationSignUp() {
  return useMutation({
    mutationFn: async ({ productId, email_address }: StockNotificationPayload) =>
      (
        await api<{ stock_notification: StockNotificationView }>(
          'POST',
          `/products/${productId}/stock_notifications`,
          { email_address },
        )
      ).stock_notification,
  });
}
