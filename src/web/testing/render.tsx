/**
 * Renders a component as the app would: a fresh query client and a router at the
 * given path. `fetchMock` answers API calls by method and path.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';

export type ApiHandler = (body: unknown, url: URL) => { status?: number; body: unknown };

/** Replaces fetch with handlers keyed 'METHOD /api/v1/path' (query string ignored). */
export function mockApi(handlers: Record<string, ApiHandler>) {
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, search: url.search, body });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) {
      return new Response(JSON.stringify({ error_type: 'not_found', message: 'Not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    const reply = handler(body, url);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function renderWithApp(
  ui: ReactNode,
  options: { path?: string; routes?: RouteObject[] } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  const router = createMemoryRouter([{ path: '*', element: ui }, ...(options.routes ?? [])], {
    initialEntries: [options.path ?? '/'],
  });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router };
}

/**
 * The shopper comes back to this tab: the event TanStack Query treats as window
 * focus. Resolves once any refetch it starts has called fetch (the query client
 * handles focus a few promise steps later; a macrotask comes after all of them).
 */
export async function returnToWindow(): Promise<void> {
  await act(async () => {
    fireEvent(window, new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
