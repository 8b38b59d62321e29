import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';

describe('AppError', () => {
  it('keeps order_failed in the spec’s words, with more help beside them', () => {
    const error = new AppError('order_failed', {
      detail: 'Your basket is empty, please add something to it before paying.',
    });
    expect(error.toBody()).toEqual({
      error_type: 'order_failed',
      message: 'We were unable to create your order.',
      detail: 'Your basket is empty, please add something to it before paying.',
    });
    // @ts-expect-error: order_failed's message is the spec's; reasons go in `detail`.
    expect(new AppError('order_failed', { message: 'Other words' }).status).toBe(409);
  });

  it('lets a type the spec answers with the server’s message carry one', () => {
    expect(new AppError('payment_failed', { message: '2000 : Do Not Honor' }).toBody()).toEqual({
      error_type: 'payment_failed',
      message: '2000 : Do Not Honor',
    });
  });
});
