/**
 * Helpers for the WCAG 2.2 journeys (keyboard.e2e.ts, layout.e2e.ts): keyboard moves
 * that check every focus stop they pass, and page-wide measurements (reflow, target
 * size, clipped text) run in the browser. See docs/accessibility.md.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** What is wrong with the focused element's focus, or null when all is well. */
export interface FocusProblem {
  element: string;
  problem: string;
}

/**
 * Checks the focused element (2.4.7, 1.4.11, 2.4.11): it shows a focus outline of at
 * least 2px — on itself, its next sibling (a visually hidden radio styles the chip after
 * it) or an ancestor up to three levels (a product card outlines the whole card) —
 * whose colour contrasts 3:1 or more with the background it is drawn on, and it is not
 * entirely hidden by other content (a point of it is the topmost element there).
 */
export async function focusProblem(page: Page): Promise<FocusProblem | null> {
  return (await inspectFocus(page)).problem;
}

/**
 * focusProblem's check, with where the focused element is in the document (`at`: the
 * child indexes from the root; null with nothing focused), in one round trip.
 */
export function inspectFocus(
  page: Page,
): Promise<{ at: string | null; problem: FocusProblem | null }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return { at: null, problem: { element: 'body', problem: 'no focus' } };
    }
    const path: number[] = [];
    for (let node: Element | null = element; node?.parentElement; node = node.parentElement) {
      path.push([...node.parentElement.children].indexOf(node));
    }
    const at = path.join('.');
    const fail = (problem: string) => ({ at, problem: { element: name, problem } });
    const name = `${element.tagName.toLowerCase()} "${(
      element.getAttribute('aria-label') ??
      element.textContent ??
      ''
    )
      .trim()
      .slice(0, 40)}"`;

    const rgb = (colour: string) => {
      const parts = colour.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return { r: parts[0] ?? 0, g: parts[1] ?? 0, b: parts[2] ?? 0, a: parts[3] ?? 1 };
    };
    const luminance = (colour: string) => {
      const { r, g, b } = rgb(colour);
      const [lr, lg, lb] = [r, g, b].map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
    };
    const backgroundOf = (start: Element | null) => {
      for (let node = start; node; node = node.parentElement) {
        const background = getComputedStyle(node).backgroundColor;
        if (rgb(background).a > 0.5) return background;
      }
      return 'rgb(255, 255, 255)';
    };

    const candidates: Element[] = [element];
    if (element.nextElementSibling) candidates.push(element.nextElementSibling);
    for (let node = element.parentElement, i = 0; node && i < 3; node = node.parentElement, i++) {
      candidates.push(node);
    }
    const indicator = candidates.find((candidate) => {
      const style = getComputedStyle(candidate);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
    });
    if (!indicator) return fail('no visible focus outline');
    const outline = getComputedStyle(indicator).outlineColor;
    // An outline with a positive offset is drawn on what surrounds the element.
    const offset = Number.parseFloat(getComputedStyle(indicator).outlineOffset);
    const behind = backgroundOf(offset >= 0 ? indicator.parentElement : indicator);
    const [light, dark] = [luminance(outline), luminance(behind)].sort((a, b) => b - a);
    const ratio = ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
    if (ratio < 3) {
      return fail(`focus outline ${outline} on ${behind} contrasts ${ratio.toFixed(2)}:1`);
    }

    // Not obscured: some point of the element (or of the chip/label that shows it) is on top.
    const shown = element.getBoundingClientRect().width > 1 ? element : indicator;
    const rect = shown.getBoundingClientRect();
    const points = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + 2, rect.top + 2],
      [rect.right - 2, rect.top + 2],
      [rect.left + 2, rect.bottom - 2],
      [rect.right - 2, rect.bottom - 2],
    ];
    const labels = [...((element as HTMLInputElement).labels ?? [])];
    const visible = points.some(([x = 0, y = 0]) => {
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
      const top = document.elementFromPoint(x, y);
      return (
        top !== null &&
        (shown.contains(top) ||
          top.contains(shown) ||
          element.contains(top) ||
          labels.some((label) => label.contains(top)))
      );
    });
    if (!visible) return fail('hidden by other content');
    return { at, problem: null };
  });
}

/**
 * Fails the test when the focused element's focus is not visible (see focusProblem),
 * once any smooth scroll to it has settled.
 */
export async function expectFocusVisible(page: Page) {
  await expect.poll(() => focusProblem(page)).toBeNull();
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, checking every
 * stop on the way with focusProblem. Keyboard only: no clicks.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { max?: number; backwards?: boolean } = {},
) {
  const { max = 60, backwards = false } = options;
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expect
      .poll(() => focusProblem(page), {
        message: `focus stop ${i + 1} towards ${target.toString()}`,
        timeout: 2000,
      })
      .toBeNull();
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * The tab stops inside `container`, in order, from its first to its last, each with
 * its accessible label and where it is on the page (top, left), read by pressing Tab.
 */
export async function tabStops(page: Page, container: Locator) {
  const stops: { name: string; top: number; left: number }[] = [];
  // Start just before the container: focus its first tab stop.
  await container.evaluate((element) => {
    const first = element.querySelector<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]',
    );
    first?.focus();
  });
  for (let i = 0; i < 80; i += 1) {
    const stop = await page.evaluate(
      (root) => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || !root.contains(element)) return null;
        // Where the field starts: its labelled wrapper (a tip button sits in the label
        // row above its input), a visually hidden radio's label, or the element.
        const shown =
          element.closest('.field') ??
          (element.getBoundingClientRect().width > 1
            ? element
            : ((element as HTMLInputElement).labels?.[0] ?? element.parentElement ?? element));
        const rect = shown.getBoundingClientRect();
        const label =
          element.getAttribute('aria-label') ??
          (element as HTMLInputElement).labels?.[0]?.textContent ??
          element.textContent ??
          '';
        return {
          name: `${element.tagName.toLowerCase()} ${label.trim().slice(0, 40)}`,
          top: rect.top + scrollY,
          left: rect.left + scrollX,
        };
      },
      await container.elementHandle(),
    );
    if (!stop) break;
    stops.push(stop);
    await page.keyboard.press('Tab');
  }
  return stops;
}

/**
 * Stops out of reading order: each stop must be below the one before it, or on the
 * same row (tops within `rowTolerance` px) and to its right, or in the same field.
 */
export function outOfReadingOrder(
  stops: { name: string; top: number; left: number }[],
  rowTolerance = 12,
) {
  const problems: string[] = [];
  stops.forEach((stop, i) => {
    const before = stops[i - 1];
    if (!before) return;
    const sameRow = Math.abs(stop.top - before.top) <= rowTolerance;
    const sameField = stop.top === before.top && stop.left === before.left;
    const ok = sameField || (sameRow ? stop.left > before.left : stop.top > before.top);
    if (!ok) problems.push(`${before.name} → ${stop.name}`);
  });
  return problems;
}

/** How far the page scrolls sideways (0 when it reflows; 1.4.10). */
export function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
}

/**
 * Interactive targets smaller than 24×24 CSS px that the spacing exception does not
 * cover (2.5.8): a 24px circle on the target's centre may not touch another target.
 * Inline links within a sentence are exempt, as is the user agent's own control of
 * a radio or checkbox whose label (part of its target) makes up the size.
 */
export function smallTargets(page: Page) {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex="0"]';
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        rect.width > 0 &&
        rect.height > 0 &&
        style.visibility !== 'hidden' &&
        !element.closest('.visually-hidden, [hidden], [aria-hidden="true"]')
      );
    };
    const targets = [...document.querySelectorAll<HTMLElement>(selector)].filter(visible);
    const rectOf = (element: HTMLElement) => {
      // A radio or checkbox is also activated through its label.
      const labels = [...((element as HTMLInputElement).labels ?? [])];
      const rects = [element, ...labels].map((node) => node.getBoundingClientRect());
      const opacity = Number(getComputedStyle(element).opacity);
      if (opacity === 0 && labels[0]) return labels[0].getBoundingClientRect();
      const left = Math.min(...rects.map((r) => r.left));
      const top = Math.min(...rects.map((r) => r.top));
      const right = Math.max(...rects.map((r) => r.right));
      const bottom = Math.max(...rects.map((r) => r.bottom));
      return { left, top, right, bottom, width: right - left, height: bottom - top };
    };
    const isInline = (element: HTMLElement) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement;
      return (block?.textContent ?? '').trim().length > (element.textContent ?? '').trim().length;
    };
    const small: string[] = [];
    const boxes = targets.map((element) => ({ element, rect: rectOf(element) }));
    for (const { element, rect } of boxes) {
      if ((rect.width >= 23.5 && rect.height >= 23.5) || isInline(element)) continue;
      const cx = rect.left + rect.width / 2;
      const cy = rect.top + rect.height / 2;
      const touches = boxes.some(({ element: other, rect: box }) => {
        if (other === element || other.contains(element) || element.contains(other)) return false;
        const nx = Math.max(box.left, Math.min(cx, box.right));
        const ny = Math.max(box.top, Math.min(cy, box.bottom));
        return Math.hypot(nx - cx, ny - cy) < 12;
      });
      if (touches) {
        small.push(
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`,
        );
      }
    }
    return small;
  });
}

/** WCAG 1.4.12's spacing: line height 1.5, paragraphs 2em apart, letters 0.12em, words 0.16em. */
export const TEXT_SPACING_CSS = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/**
 * Elements whose text no longer fits and is cut off: a box that hides its overflow
 * (overflow hidden or clip, not one that scrolls) with content larger than itself.
 * Visually hidden text (1px clip by design) is left out.
 */
export function clippedText(page: Page) {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.closest('.visually-hidden, [hidden]')) continue;
      const style = getComputedStyle(element);
      const hides = (value: string) => value === 'hidden' || value === 'clip';
      if (!hides(style.overflowX) && !hides(style.overflowY)) continue;
      // A closed disclosure (the phone's order summary) hides all of its content on purpose.
      if (element.clientHeight === 0 || element.clientWidth === 0) continue;
      if (!(element.textContent ?? '').trim()) continue;
      const overX = hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const overY = hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      if (overX || overY) {
        clipped.push(
          `${element.tagName.toLowerCase()}.${element.className} (${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight})`,
        );
      }
    }
    return clipped;
  });
}
