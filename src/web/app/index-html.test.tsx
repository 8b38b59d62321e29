import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import html from '../index.html?raw';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';

const page = new DOMParser().parseFromString(html, 'text/html');

describe('index.html before the app has rendered', () => {
  it('shows the loading overlay the app itself shows, announced as a status', () => {
    const root = page.getElementById('root');
    const shown = root?.innerHTML.replace(/>\s+</g, '><').trim();
    expect(shown).toBe(renderToStaticMarkup(<LoadingOverlay message="Loading…" page />));
    expect(root?.querySelector('[role="status"]')?.textContent?.trim()).toBe('Loading…');
  });

  it('tells a browser without JavaScript what is missing', () => {
    expect(page.querySelector('noscript')?.textContent).toMatch(/needs JavaScript/);
  });
});
