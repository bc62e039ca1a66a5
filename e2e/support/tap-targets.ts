import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * Tap targets smaller than 44 × 44 px (requirements#accessibility, WCAG 2.5.5) on the page as it is now: every
 * visible link, button, field, select, summary and custom control. A check box or radio counts with its
 * label (the label is what a finger taps). Allowed: links inside a sentence (WCAG's inline exception) and
 * visually hidden elements.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const found: string[] = [];
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [tabindex="0"]';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      // Inert content behind an open modal dialog cannot be tapped.
      if (el.closest('[inert]') || (document.querySelector('dialog[open]') && !el.closest('dialog[open]'))) continue;
      let target: HTMLElement = el;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio'))
        target = el.closest('label') ?? (el.labels?.[0] as HTMLElement | undefined) ?? el;
      const box = target.getBoundingClientRect();
      // Visually hidden (the skip link before it gets focus sits above the page; checked elsewhere).
      if (box.width <= 1 || box.height <= 1 || box.bottom <= 0) continue;
      if (el.tagName === 'A' && style.display === 'inline') {
        // A link inside a sentence: its paragraph holds more text than the link.
        const block = el.parentElement?.closest('p, li, td, dd, label, span');
        const own = (el.textContent ?? '').trim().length;
        if (block && (block.textContent ?? '').trim().length > own + 3) continue;
      }
      if (box.width < MIN - 0.5 || box.height < MIN - 0.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        found.push(
          `${Math.round(box.width)}×${Math.round(box.height)} <${el.tagName.toLowerCase()}${el.dataset.testid ? ` data-testid="${el.dataset.testid}"` : ''}> ${name}`,
        );
      }
    }
    return found;
  });
}

/** Every tap target of the page as it is now is large enough (a soft check: the walk goes on and lists them all). */
export async function expectTapTargets(page: Page, state: string): Promise<void> {
  expect.soft(await smallTargets(page), state).toEqual([]);
}
