import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyBasket, reply } from '../features/basket/testing/fixtures.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { TEST_MODE_CONFIG } from '../shared/login/testing/fixtures.ts';
import { mockApi } from '../testing/render.tsx';
import { prefetchPageData } from './page-data.ts';

afterEach(() => vi.unstubAllGlobals());

async function opened(pathname: string) {
  const { calls } = mockApi({
    'GET /api/v1/basket': () => reply(emptyBasket()),
    'GET /api/v1/config': TEST_MODE_CONFIG,
  });
  const client = createQueryClient();
  prefetchPageData(client, pathname);
  await waitFor(() => expect(client.isFetching()).toBe(0));
  return calls.map((call) => `${call.method} ${call.path}`);
}

describe('the first fetches of the page the browser opened', () => {
  it('asks for the basket on the basket page and every checkout step', async () => {
    expect(await opened('/basket')).toEqual(['GET /api/v1/basket']);
    for (const path of ['/checkout', '/checkout/address', '/checkout/payment']) {
      expect(await opened(path)).toEqual(['GET /api/v1/basket', 'GET /api/v1/config']);
    }
  });

  it('asks for the configuration on the login pages (the captcha)', async () => {
    expect(await opened('/login')).toEqual(['GET /api/v1/config']);
    expect(await opened('/login/reset-password')).toEqual(['GET /api/v1/config']);
  });

  it('asks for nothing on pages that start elsewhere', async () => {
    for (const path of ['/', '/products/olive-tree', '/basketball', '/account', '/checkouts']) {
      expect(await opened(path)).toEqual([]);
    }
  });
});
