/**
 * Component test set-up: jest-dom matchers, a clean DOM and storage between tests,
 * and no unexpected console.error (React warnings are bugs).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy… and waitFor give up after 1 s by default, which a busy machine can exceed.
configure({ asyncUtilTimeout: 10_000 });

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.cookie.split('; ').forEach((cookie) => {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
  vi.restoreAllMocks();
  if (errors.length > 0) {
    const logged = errors.map((args) => args.map(String).join(' ')).join('\n');
    errors = [];
    throw new Error(`console.error was called during the test:\n${logged}`);
  }
});
