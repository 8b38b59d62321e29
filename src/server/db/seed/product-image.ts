/**
 * Procedural product illustrations for the demo catalogue: a pure function that draws a flat
 * SVG picture of a plant from a drawing recipe (`style`) and a main colour. Deterministic: any
 * variety comes from a hash of the title, so the same input always gives byte-identical output.
 * Used at seed time only (demo-images.ts writes the files); the shop serves files.
 */
import type { ImageStyle } from './demo-types.ts';

/** The pictures' intrinsic size in pixels; being vectors, they scale to any size. */
export const IMAGE_SIZE = 400;

type Pt = [number, number];
interface Palette {
  c: string;
  light: string;
  lighter: string;
  dark: string;
  pot: string;
  rnd: () => number;
  /** A random pick of the main colour or its lighter or darker shade. */
  any: () => string;
}

const DEFAULT_COLOUR = '#4a7c59';
const LEAF = '#5d8a4e';
const LEAF_DARK = '#44693a';
const BARK = '#7a5a3c';
const POT_COLOURS = ['#4b4f55', '#b9683f', '#8a8f94', '#ece6dc'];
const UNPOTTED = new Set<ImageStyle>(['trailing', 'flower-stems', 'bouquet', 'wreath']);
const BASE: Pt = [200, 298];
const ESC: Record<string, string> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' };

/** Escapes text for XML, dropping characters XML 1.0 does not allow. */
function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => `&${ESC[c]};`);
}

function rgb(hex: string): number[] {
  let h = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())?.[1] ?? DEFAULT_COLOUR.slice(1);
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Lightens (amount > 0) towards white or darkens (amount < 0) towards black; always valid hex. */
function shade(hex: string, amount: number): string {
  const [target, a] = [amount < 0 ? 0 : 255, Math.min(1, Math.abs(amount))];
  const hex2 = (c: number): string =>
    (256 + Math.round(c + (target - c) * a)).toString(16).slice(1);
  return `#${rgb(hex).map(hex2).join('')}`;
}

const luminance = (hex: string): number =>
  rgb(hex).reduce((sum, c, i) => sum + (c * [0.2126, 0.7152, 0.0722][i]!) / 255, 0);

/** FNV-1a hash of the text seeding a mulberry32 generator. */
function seeded(text: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n1 = (n: number): number => Math.round(n * 10) / 10;
const xy = (p: Pt): string => `${n1(p[0])} ${n1(p[1])}`;
const repeat = (n: number, draw: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => draw(i)).join('');
const circle = (p: Pt, r: number, fill: string, extra = ''): string =>
  `<circle cx="${n1(p[0])}" cy="${n1(p[1])}" r="${n1(r)}" fill="${fill}"${extra}/>`;
const path = (d: string, fill: string, extra = ''): string =>
  `<path d="${d}" fill="${fill}"${extra}/>`;

function polar(p: Pt, angleDeg: number, len: number, squash = 1): Pt {
  const a = (angleDeg * Math.PI) / 180;
  return [p[0] + Math.cos(a) * len, p[1] + Math.sin(a) * len * squash];
}

/** Point on the quadratic Bézier p0→p1 with control point c, at t. */
function bezier(p0: Pt, c: Pt, p1: Pt, t: number): Pt {
  const u = 1 - t;
  const at = (k: 0 | 1): number => u * u * p0[k] + 2 * u * t * c[k] + t * t * p1[k];
  return [at(0), at(1)];
}

/** A pointed leaf from base to tip, `width` wide, optionally bent sideways. */
function leaf(from: Pt, to: Pt, width: number, fill: string, bend = 0): string {
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  const [nx, ny] = [(from[1] - to[1]) / len, (to[0] - from[0]) / len];
  const [mx, my] = [(from[0] + to[0]) / 2 + nx * bend, (from[1] + to[1]) / 2 + ny * bend];
  const side = (k: number): string => xy([mx + k * nx * width, my + k * ny * width]);
  return path(`M${xy(from)}Q${side(1)} ${xy(to)}Q${side(-1)} ${xy(from)}Z`, fill);
}

const curve = (p0: Pt, c: Pt, p1: Pt, stroke: string, width: number): string =>
  path(`M${xy(p0)}Q${xy(c)} ${xy(p1)}`, 'none', ` stroke="${stroke}" stroke-width="${width}"`);

/** Rotates an upward angle outwards and downwards, so stems arch over. */
const droop = (a: number, by: number): number =>
  Math.cos((a * Math.PI) / 180) >= 0 ? a + by : a - by;
/** The i-th of n angles evenly spread from `from` to `to` degrees. */
const spread = (i: number, n: number, from = -160, to = -20): number =>
  from + ((to - from) * i) / (n - 1);

/** An arching stem from `base` at angle `a`, with pairs of leaflets shrinking towards the tip. */
function frond(base: Pt, a: number, reach: number, leafLen: number, fill: string): string {
  const [c, tip] = [polar(base, a, reach), polar(base, droop(a, 45), reach * 1.2)];
  const leaflets = repeat(12, (i) => {
    const t = (i + 1) / 13;
    const [pt, next] = [bezier(base, c, tip, t), bezier(base, c, tip, t + 0.01)];
    const heading = (Math.atan2(next[1] - pt[1], next[0] - pt[0]) * 180) / Math.PI;
    const len = leafLen * (1 - t * 0.6);
    return [-55, 55].map((s) => leaf(pt, polar(pt, heading + s, len), len * 0.4, fill)).join('');
  });
  return curve(base, c, tip, shade(fill, -0.3), 2.5) + leaflets;
}

/** A bloom of round petals around a darker centre. */
function bloom(p: Pt, r: number, colour: string, petals = 6): string {
  const outline = ` stroke="${shade(colour, -0.2)}"`;
  const ring = repeat(petals, (i) =>
    circle(polar(p, (360 / petals) * i, r * 0.75), r * 0.65, shade(colour, (i % 2) * 0.2), outline),
  );
  return ring + circle(p, r * 0.45, shade(colour, -0.35));
}

const bow = (y: number, fill: string): string =>
  path(
    `M200 ${y}l-35 -20v40zM200 ${y}l35 -20v40zM200 ${y}l-15 48M200 ${y}l15 48`,
    fill,
    ` stroke="${fill}" stroke-width="5"`,
  );

/** One orchid flower centred on the origin: three sepals, two round petals and a lip. */
function orchidFlower(p: Palette): string {
  const petal = (x: number, y: number, rx: number, ry: number, rot: number, fill: string) =>
    `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" transform="rotate(${rot} ${x} ${y})" ` +
    `fill="${fill}" stroke="${p.dark}"/>`;
  return (
    petal(0, -16, 11, 19, 0, p.light) +
    petal(-14, 10, 10, 18, 40, p.light) +
    petal(14, 10, 10, 18, -40, p.light) +
    petal(-18, -2, 18, 15, 0, p.c) +
    petal(18, -2, 18, 15, 0, p.c) +
    petal(0, 10, 7, 10, 0, shade(p.c, -0.4)) +
    circle([0, 0], 3.5, '#e8c547')
  );
}

const drawers: Record<ImageStyle, (p: Palette) => string> = {
  tree: (p) =>
    path('M193 298L196 175Q200 160 204 175L207 298Z', BARK) +
    curve([200, 215], [175, 195], [160, 170], BARK, 5) +
    curve([200, 200], [225, 185], [240, 160], BARK, 5) +
    repeat(5, (i) => circle(polar([200, 140], i * 72 + 18, 42, 0.7), 62, p.dark)) +
    repeat(80, () => {
      const from = polar([200, 140], p.rnd() * 360, Math.sqrt(p.rnd()) * 95, 0.8);
      return leaf(from, polar(from, p.rnd() * 360, 24), 13, p.any());
    }),
  palm: (p) =>
    repeat(8, (i) => path(`M193 ${298 - i * 16}l2 -16h10l2 16Z`, i % 2 ? '#8a6a48' : BARK)) +
    repeat(9, (i) => frond([200, 172], spread(i, 9, -175, -5), 120, 34, i % 2 ? p.c : p.dark)),
  fern: (p) =>
    repeat(10, (i) => frond(BASE, spread(i, 10) + (p.rnd() - 0.5) * 8, 150, 26, p.any())),
  succulent(p) {
    const layer = (n: number, len: number, w: number, fill: string): string =>
      repeat(n, (i) => leaf(BASE, polar(BASE, spread(i, n, -175, -5), len, 0.85), w, fill));
    return (
      layer(9, 130, 54, p.dark) +
      layer(7, 100, 46, p.c) +
      layer(5, 68, 36, p.light) +
      layer(3, 34, 22, p.lighter)
    );
  },
  cactus(p) {
    const x = 200 + (p.rnd() - 0.5) * 10;
    return (
      curve([x - 28, 235], [x - 62, 235], [x - 60, 180], p.c, 28) +
      curve([x + 28, 205], [x + 60, 205], [x + 58, 150], p.c, 28) +
      `<rect x="${n1(x - 30)}" y="110" width="60" height="200" rx="30" fill="${p.c}"/>` +
      [-14, 0, 14].map((d) => curve([x + d, 122], [x + d, 200], [x + d, 298], p.dark, 2)).join('') +
      repeat(24, () => circle([x - 24 + p.rnd() * 48, 125 + p.rnd() * 165], 1.6, p.lighter)) +
      bloom([x, 112], 11, '#f08fb0', 5)
    );
  },
  trailing: (p) =>
    path('M200 22L146 82M200 22L254 82', 'none', ' stroke="#8a7a66" stroke-width="2"') +
    path('M138 82H262Q258 132 200 136Q142 132 138 82Z', p.pot) +
    repeat(7, (i) => {
      const p0: Pt = [150 + i * 16.5, 90];
      const p1: Pt = [p0[0] + (p.rnd() - 0.5) * 90, 250 + p.rnd() * 120];
      const c: Pt = [p0[0] + (p.rnd() - 0.5) * 140, 190];
      const leaves = repeat(9, (j) => {
        const pt = bezier(p0, c, p1, (j + 1) / 10);
        return leaf(pt, polar(pt, j % 2 ? 20 : 160, 16), 12, p.any());
      });
      return curve(p0, c, p1, LEAF_DARK, 2) + leaves;
    }) +
    repeat(9, (i) => leaf([200, 88], polar([200, 88], spread(i, 9, -170, -10), 40, 0.6), 18, p.c)),
  'flower-stems'(p) {
    const n = 3 + Math.floor(p.rnd() * 3);
    const stems = repeat(n, (i) => {
      const head: Pt = [110 + (180 * i) / (n - 1) + (p.rnd() - 0.5) * 20, 80 + p.rnd() * 80];
      const foot: Pt = [190 + i * (20 / n), 355];
      const x = (head[0] * 2 + foot[0]) / 3;
      return (
        curve(foot, [(head[0] + foot[0]) / 2, 220], head, LEAF, 4) +
        leaf([x + 3, 240], [x + (i % 2 ? 40 : -40), 215], 16, LEAF) +
        bloom(head, 22 + p.rnd() * 8, p.c)
      );
    });
    const glass = ' fill-opacity=".6" stroke="#b7cdd0" stroke-width="2"';
    return (
      stems +
      path('M166 250H234V360Q234 376 218 376H182Q166 376 166 360ZM166 290H234', '#dfeef0', glass)
    );
  },
  bouquet(p) {
    const leafAt = (i: number): Pt => polar([200, 230], spread(i, 9, -170, -10), 150);
    return (
      repeat(9, (i) => leaf([200, 230], leafAt(i), 26, i % 2 ? LEAF : LEAF_DARK)) +
      repeat(10, () => bloom(polar([200, 160], p.rnd() * 360, p.rnd() * 75, 0.7), 24, p.any())) +
      path('M122 205L160 225L200 208L240 225L278 205L212 385H188Z', '#d8c3a0') +
      path('M200 208V385M160 225L194 385M240 225L206 385', 'none', ' stroke="#c4ab82"') +
      bow(300, shade(p.c, -0.3))
    );
  },
  orchid(p) {
    const stem = (t: number): Pt => bezier([204, 296], [190, 40], [330, 110], t);
    const flowers = repeat(6, (i) => {
      const [x, y] = stem(0.42 + i * 0.105);
      const at = `translate(${n1(x)} ${n1(y + 16)}) scale(${n1(1.1 - i * 0.12)})`;
      return `<g transform="${at}">${orchidFlower(p)}</g>`;
    });
    const leaves = [100, 300, 240].map((x, i) => leaf(BASE, [x, 262 - i * 13], 46, LEAF));
    return leaves.join('') + curve(stem(0), [190, 40], stem(1), '#6b7d4a', 4) + flowers;
  },
  wreath: (p) =>
    circle([200, 195], 112, 'none', ` stroke="${shade(p.dark, -0.2)}" stroke-width="30"`) +
    repeat(56, (i) => {
      const a = (360 / 56) * i + p.rnd() * 6;
      const from = polar([200, 195], a, 112 + (p.rnd() - 0.5) * 26);
      return leaf(from, polar(from, a + 90 + (p.rnd() - 0.5) * 60, 34), 15, p.any());
    }) +
    repeat(12, (i) =>
      circle(polar([200, 195], i * 30 + p.rnd() * 20, 105 + p.rnd() * 20), 5, shade(p.c, -0.55)),
    ) +
    bow(305, '#b4544a'),
  grass: (p) =>
    repeat(28, (i) => {
      const a = spread(i, 28, -150, -30) + (p.rnd() - 0.5) * 10;
      return leaf(BASE, polar(BASE, a, 150 + p.rnd() * 110), 9, p.any(), (a + 90) * 0.6);
    }),
  leafy: (p) =>
    repeat(9, (i) => {
      const a = spread(i, 9, -165, -15) + (p.rnd() - 0.5) * 10;
      const mid = polar(BASE, a, 70 + p.rnd() * 60);
      const tip = polar(mid, droop(a, 20), 95);
      return (
        curve(BASE, [200, 258], mid, LEAF_DARK, 4) +
        leaf(mid, tip, 66, i % 2 ? p.c : p.dark) +
        curve(mid, [(mid[0] + tip[0]) / 2, (mid[1] + tip[1]) / 2], tip, p.light, 1.5)
      );
    }),
};

/** Draws a product as a self-contained square SVG document, IMAGE_SIZE pixels across. */
export function renderProductImage(input: {
  style: ImageStyle;
  colour: string;
  title: string;
}): string {
  const c = shade(input.colour, 0);
  const rnd = seeded(`${input.title}|${input.style}|${c}`);
  const [light, lighter, dark] = [shade(c, 0.25), shade(c, 0.45), shade(c, -0.25)];
  const any = (): string => [c, light, dark][Math.floor(rnd() * 3)] ?? c;
  const pot = POT_COLOURS[Math.floor(rnd() * POT_COLOURS.length)] ?? DEFAULT_COLOUR;
  const draw = drawers[input.style] ?? drawers.leafy;
  const bg = luminance(c) > 0.72 ? '#e3ebe2' : shade(c, 0.88);
  const potted = UNPOTTED.has(input.style)
    ? ''
    : path('M142 300H258L247 370Q246 378 238 378H162Q154 378 153 370Z', pot) +
      `<rect x="132" y="288" width="136" height="20" rx="5" fill="${shade(pot, -0.18)}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" ` +
    `viewBox="0 0 400 400" role="img"><title>${escapeXml(input.title)}</title>` +
    `<rect width="400" height="400" fill="${bg}"/>` +
    `<ellipse cx="200" cy="382" rx="110" ry="12" fill="${shade(bg, -0.12)}"/>` +
    draw({ c, light, lighter, dark, pot, rnd, any }) +
    potted +
    '</svg>'
  );
}
