import { describe, it, expect } from 'vitest';
import type { ImageStyle } from './demo-types.ts';
import { IMAGE_SIZE, renderProductImage } from './product-image.ts';

// A Record keyed by ImageStyle, so adding a style without testing it fails to type-check.
const STYLE_SET: Record<ImageStyle, true> = {
  tree: true,
  palm: true,
  fern: true,
  succulent: true,
  cactus: true,
  trailing: true,
  'flower-stems': true,
  bouquet: true,
  orchid: true,
  wreath: true,
  grass: true,
  leafy: true,
};
const STYLES = Object.keys(STYLE_SET) as ImageStyle[];

describe('renderProductImage', () => {
  it.each(STYLES)('renders a complete square SVG for the %s style', (style) => {
    const svg = renderProductImage({ style, colour: '#4a7c59', title: 'Artificial Fern' });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain(`width="${IMAGE_SIZE}"`);
    expect(svg).toContain(`height="${IMAGE_SIZE}"`);
    expect(svg).toContain('viewBox="0 0 400 400"');
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title>Artificial Fern</title>');
    expect(svg).not.toMatch(/NaN|undefined|Infinity/);
    // Every opened element is closed (self-closing or with a matching end tag).
    const opened = svg.match(/<[a-z]+[^>]*[^/]>/g) ?? [];
    const closed = svg.match(/<\/[a-z]+>/g) ?? [];
    expect(opened.length).toBe(closed.length);
  });

  it('escapes the title', () => {
    const svg = renderProductImage({
      style: 'leafy',
      colour: '#2e6b3f',
      title: `Tom & Jerry's <pot>`,
    });
    expect(svg).toContain('<title>Tom &amp; Jerry&apos;s &lt;pot&gt;</title>');
    expect(svg).not.toContain('<pot>');
    expect(svg).not.toContain('Tom & Jerry');
  });

  it('is deterministic', () => {
    for (const style of STYLES) {
      const input = { style, colour: '#f4b6c2', title: 'Faux Peony Stem' };
      expect(renderProductImage(input)).toBe(renderProductImage({ ...input }));
    }
  });

  it('varies with the title and colour', () => {
    const a = renderProductImage({ style: 'tree', colour: '#7d8f69', title: 'A' });
    const b = renderProductImage({ style: 'tree', colour: '#7d8f69', title: 'B' });
    const c = renderProductImage({ style: 'tree', colour: '#a8322d', title: 'A' });
    expect(a).not.toBe(b);
    expect(a).not.toBe(c);
  });

  it('never emits an invalid colour into the markup', () => {
    const svg = renderProductImage({
      style: 'wreath',
      colour: '"/><script>alert(1)</script>',
      title: 'Wreath',
    });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('#4a7c59');
  });
});
