/**
 * The back-in-stock sign-up payload (POST /products/{id}/stock_notifications), checked
 * the same way by the browser's form and the API.
 */
import { z } from 'zod/mini';
import { emailSchema } from './email.ts';

export const stockNotificationSchema = z.object({ email_address: emailSchema });
