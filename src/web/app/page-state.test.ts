import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { pageStateJson, restorePageState } from './page-state.ts';

function serverClient() {
  const client = new QueryClient();
  client.setQueryData(['product', 'fern'], { name: 'Fern </script><script>alert(1)</script>' });
  client.setQueryData(['basket'], { item_count: 3 });
  return client;
}

describe('the page state a server-rendered page hands the browser', () => {
  it('is JSON in which no markup can end the script element', () => {
    const text = pageStateJson(serverClient());
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toBeTruthy();
  });

  it('carries the catalogue’s answers and never a shopper’s own (the basket)', () => {
    const browser = new QueryClient();
    expect(restorePageState(browser, pageStateJson(serverClient()))).toBe(true);
    expect(browser.getQueryData(['product', 'fern'])).toEqual({
      name: 'Fern </script><script>alert(1)</script>',
    });
    expect(browser.getQueryData(['basket'])).toBeUndefined();
  });

  it('carries only the queries the page read', () => {
    const browser = new QueryClient();
    restorePageState(
      browser,
      pageStateJson(serverClient(), () => false),
    );
    expect(browser.getQueryData(['product', 'fern'])).toBeUndefined();
  });

  it('hands on a 404 as the ApiError the page shows, not fetched again on hydration', async () => {
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await server.prefetchQuery({
      queryKey: ['product', 'gone'],
      queryFn: () => Promise.reject(new ApiError(404, 'not_found', 'No such product', undefined)),
    });
    const browser = new QueryClient();
    restorePageState(browser, pageStateJson(server));
    const error = browser.getQueryState(['product', 'gone'])?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect(browser.getQueryDefaults(['product', 'gone']).retryOnMount).toBe(false);
  });

  it('is ignored when missing or unreadable (the page then loads its own data)', () => {
    const browser = new QueryClient();
    expect(restorePageState(browser, null)).toBe(false);
    expect(restorePageState(browser, '{not json')).toBe(false);
    expect(restorePageState(browser, '{}')).toBe(false);
  });
});
