/**
 * The discount form's validation (the domain's discount code rule through zod's
 * resolver). Its own module, loaded when the form first validates or is about to
 * (lazy-resolver.ts, ADR 079): the basket page and the checkout's order summary draw
 * the form without zod in their first download.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { voucherCodeSchema } from '../../domain/schemas/voucher.ts';

const discountFormSchema = z.object({ voucher_code: voucherCodeSchema });
export type DiscountFormInput = z.input<typeof discountFormSchema>;
export type DiscountFormOutput = z.output<typeof discountFormSchema>;

export const discountResolver = zodResolver(discountFormSchema);
