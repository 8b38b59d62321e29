import { INTERNAL_ERROR_MESSAGE } from '../../../domain/shopper-message.ts';
import { ApiError } from '../../lib/api-client.ts';

/** The message to show for a failed call. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : INTERNAL_ERROR_MESSAGE;
}

/**
 * Puts a 422's per-field messages on the form's fields (the first one focused) and
 * returns the form-level message: the validation message plus any messages for
 * fields the form does not show. Any other failure is just its message.
 */
export function applyServerErrors<N extends string>(
  error: unknown,
  fields: readonly N[],
  setFieldError: (field: N, message: string, focus: boolean) => void,
): string {
  if (!(error instanceof ApiError && error.isValidation && error.errors)) return messageOf(error);
  const others: string[] = [];
  let focus = true;
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    if ((fields as readonly string[]).includes(key)) {
      setFieldError(key as N, message, focus);
      focus = false;
    } else {
      others.push(message);
    }
  }
  return [error.message, ...others].join(' ');
}
