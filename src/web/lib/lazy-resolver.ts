/**
 * A form's validation, loaded when it is first needed (ADR 079). The schemas and zod
 * (about 10 KB gzip) are needed only once the shopper leaves a field or submits, not
 * to draw the form: the form renders at once with a resolver that imports them on its
 * first call, and `preload` starts that import early (when the browser is idle after
 * the form appears, or when the shopper first focuses it), so validation is normally
 * there before it is asked for. Validation itself is unchanged: the loaded resolver
 * gets every call, with the same values, context and options.
 */
import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { whenIdle } from './when-idle.ts';

export interface LazyResolver<
  TFieldValues extends FieldValues,
  TContext,
  TTransformedValues = TFieldValues,
> {
  resolver: Resolver<TFieldValues, TContext, TTransformedValues>;
  /** Starts loading the validation (once); safe to call any number of times. */
  preload: () => void;
}

export function lazyResolver<
  TFieldValues extends FieldValues,
  TContext,
  TTransformedValues = TFieldValues,
>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): LazyResolver<TFieldValues, TContext, TTransformedValues> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | null = null;
  const loaded = () => {
    // A failed load (the network dropped) is tried again at the next validation.
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload: () => {
      // Preloading is a hint: a failure here shows at validation, not as an unhandled error.
      loaded().catch(() => undefined);
    },
  };
}

/** Preloads a form's validation once the browser is idle after the form appears. */
export function usePreloadWhenIdle(preload: () => void): void {
  useEffect(() => whenIdle(preload), [preload]);
}
