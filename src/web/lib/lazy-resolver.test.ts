import type { Resolver, ResolverResult } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.ts';

type Values = { code: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;

/** A resolver refusing an empty code, as a loaded schema would. */
const loadedResolver: Resolver<Values> = async (values): Promise<ResolverResult<Values>> =>
  values.code
    ? { values, errors: {} }
    : { values: {}, errors: { code: { type: 'too_small', message: 'Enter a code' } } };

describe('lazyResolver', () => {
  it('loads nothing until asked, then validates with the loaded resolver', async () => {
    const load = vi.fn(async () => loadedResolver);
    const { resolver } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    await expect(resolver({ code: '' }, undefined, options)).resolves.toEqual({
      values: {},
      errors: { code: { type: 'too_small', message: 'Enter a code' } },
    });
    await expect(resolver({ code: 'SAVE10' }, undefined, options)).resolves.toEqual({
      values: { code: 'SAVE10' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads once, however often it is asked', async () => {
    const load = vi.fn(async () => loadedResolver);
    const { resolver, preload } = lazyResolver(load);
    preload();
    preload();
    await resolver({ code: 'A' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after it failed, and a failed preload is no error', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(loadedResolver);
    const { resolver, preload } = lazyResolver(load);
    preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(resolver({ code: 'A' }, undefined, options)).resolves.toEqual({
      values: { code: 'A' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
