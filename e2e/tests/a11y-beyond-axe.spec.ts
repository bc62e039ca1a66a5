import type { Page } from '@playwright/test';
import { fillCart, fillPerson, pickFirstSlot } from '../support/checkout';
import { waitForHumanCheck } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * Accessibility beyond axe (docs/requirements.md#accessibility, WCAG 2.1 AA): focus follows every step
 * and route change and the change is announced; nothing focused is covered by a fixed or sticky layer
 * (bounding boxes); reflow at 320 px and at 200 % text on every guest route; focus rings of at least
 * 3:1, computed from the styles; headings and landmarks; reduced motion; no orientation lock.
 */

/** The guest routes (with a filled cart, so the cart bar and the cart's lines are there). */
const ROUTES = [
  '/',
  '/Sortiment',
  '/Speisen/all',
  '/SpeisenProdukte/burritos',
  '/Speise/burrito-classic-chicken',
  '/Speise/your-own-bowl',
  '/Getraenke/all',
  '/Streetfood',
  '/Bowls',
  '/Allergene',
  '/Aktuelles',
  '/Oeffnungszeiten',
  '/Filialen',
  '/Korb',
  '/Coupons',
  '/Einloesen',
  '/Bestellungen',
  '/Stempelkarte',
  '/Impressum',
  '/Anmelden',
  '/Registrierung',
  '/Einstellungen',
  '/CheckoutTakeaway',
  '/Bestellung/gibt-es-nicht',
  '/Speise/gibt-es-nicht',
  '/gibt-es-nicht',
];

const CART = [{ itemId: 'tacos-al-pastor', count: 2 }];

/** Opens a route and waits until its page has drawn its heading (or, at most, a few seconds). */
async function open(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page
    .locator('#main h1')
    .first()
    .waitFor({ state: 'visible', timeout: 8_000 })
    .catch(() => undefined);
  // Late layout (images have fixed boxes; fonts are the system's): one more frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** What the page's announcer (the polite live region) says now. */
const announced = (page: Page) => page.getByTestId('page-announcer');

async function expectHeadingFocused(page: Page, level: 'h1' | 'h2' = 'h1'): Promise<string> {
  await expect
    .poll(() => page.evaluate((tag) => document.activeElement?.tagName.toLowerCase() === tag && document.activeElement.closest('#main') !== null, level), {
      message: `focus on the new ${level}`,
    })
    .toBe(true);
  const text = (await page.evaluate(() => document.activeElement?.textContent ?? '')).replace(/\s+/g, ' ').trim();
  expect(text.length).toBeGreaterThan(0);
  return text;
}

/**
 * Checks the focused element: not covered by any fixed or sticky layer (a layer that lets the pointer
 * through counts by its children's boxes), and a focus ring of at least 3:1 against what is behind it.
 */
interface FocusReport {
  focus: string;
  /** Whether the focused element is in the page (#main), not in the header, the toast or the footer. */
  inMain: boolean;
  covered: string[];
  ring: { ok: boolean; ratio: number; detail: string } | null;
}

function inspectFocus(page: Page): Promise<FocusReport | null> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body || active === document.documentElement) return null;
    const label = (el: Element) => {
      const h = el as HTMLElement;
      const name = (h.getAttribute('aria-label') ?? h.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `<${el.tagName.toLowerCase()}${h.dataset.testid ? ` data-testid="${h.dataset.testid}"` : ''}${h.className && typeof h.className === 'string' ? ` class="${h.className.split(' ')[0]}"` : ''}> ${name}`;
    };
    // Nothing covers the focused element.
    const r = active.getBoundingClientRect();
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const s = getComputedStyle(el);
      if (s.position !== 'fixed' && s.position !== 'sticky') continue;
      if (el.contains(active) || active.contains(el)) continue;
      if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) === 0) continue;
      const boxes = s.pointerEvents === 'none' ? [...el.children].map((c) => c.getBoundingClientRect()) : [el.getBoundingClientRect()];
      for (const b of boxes) {
        if (b.width < 2 || b.height < 2) continue;
        const left = Math.max(r.left, b.left, 0);
        const right = Math.min(r.right, b.right, window.innerWidth);
        const top = Math.max(r.top, b.top, 0);
        const bottom = Math.min(r.bottom, b.bottom, window.innerHeight);
        if (right - left <= 1 || bottom - top <= 1) continue;
        // Only where the layer is on top (a skip link above the header is not covered by it).
        const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        if (hit && el.contains(hit) && !active.contains(hit)) covered.push(`${label(el)} covers ${Math.round(bottom - top)} px`);
      }
    }

    // The focus ring: outline, else a box-shadow ring; its colour against the background behind it.
    const parse = (c: string): [number, number, number, number] => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return [0, 0, 0, 0];
      const p = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
    };
    const over = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!));
    const background = (from: Element | null): number[] => {
      const layers: number[][] = [];
      for (let el = from; el; el = el.parentElement) {
        const c = parse(getComputedStyle(el).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let rgb = [255, 255, 255];
      for (const c of layers.reverse()) rgb = over(c, rgb);
      return rgb;
    };
    const luminance = (rgb: number[]) => {
      const [R, G, B] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    const contrast = (a: number[], b: number[]) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (l1! + 0.05) / (l2! + 0.05);
    };
    const s = getComputedStyle(active);
    let ring: FocusReport['ring'] = null;
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) {
      const colour = parse(s.outlineColor);
      const inside = parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth) <= 0;
      const behind = background(inside ? active : active.parentElement);
      const ratio = contrast(over(colour, behind), behind);
      ring = { ok: ratio >= 3, ratio, detail: `outline ${s.outlineColor} on rgb(${behind.map(Math.round).join(', ')})` };
    } else {
      const m = /(rgba?\([^)]+\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px\s+([\d.]+)px(\s+inset)?/.exec(s.boxShadow);
      if (m && parseFloat(m[5]!) >= 2) {
        const colour = parse(m[1]!);
        const behind = background(m[6] ? active : active.parentElement);
        const ratio = contrast(over(colour, behind), behind);
        ring = { ok: ratio >= 3, ratio, detail: `box-shadow ${m[1]} on rgb(${behind.map(Math.round).join(', ')})` };
      } else ring = { ok: false, ratio: 0, detail: `no focus ring (outline ${s.outlineStyle} ${s.outlineWidth}, box-shadow ${s.boxShadow})` };
    }
    return { focus: label(active), inMain: active.closest('#main') !== null, covered, ring };
  });
}

/** Tabs through the page from its start (up to `max` stops), checking every focused element. */
async function walkTabs(page: Page, state: string, max = 45): Promise<FocusReport[]> {
  // Tab starts where focus was: a focus point at the very start of the page (not itself a Tab stop).
  await page.evaluate(() => {
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.id = 'a11y-walk-start';
    document.body.prepend(start);
    start.focus();
    window.scrollTo(0, 0);
  });
  const seen: FocusReport[] = [];
  let first = '';
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const report = await inspectFocus(page);
    if (!report) continue;
    if (i > 0 && report.focus === first) break;
    if (!first) first = report.focus;
    seen.push(report);
    expect.soft(report.covered, `${state}, stop ${i + 1}: ${report.focus} is covered`).toEqual([]);
    expect.soft(report.ring?.ok, `${state}, stop ${i + 1}: ${report.focus}: ${report.ring?.detail} (${report.ring?.ratio.toFixed(2)}:1)`).toBe(true);
  }
  await page.evaluate(() => document.getElementById('a11y-walk-start')?.remove());
  expect(seen.length, `${state}: focus stops reached`).toBeGreaterThan(3);
  return seen;
}

/** Horizontal scrolling of the page, with the elements that stick out (for the message). */
function sideways(page: Page): Promise<{ scroll: number; wide: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const wide: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 1 && r.right > width + 1 && wide.length < 6) {
        wide.push(`<${el.tagName.toLowerCase()} class="${typeof el.className === 'string' ? el.className.split(' ')[0] : ''}"> right ${Math.round(r.right)}`);
      }
    }
    return { scroll: root.scrollWidth - width, wide };
  });
}

/** Text cut by its box: an element that clips (overflow hidden) text wider than itself, without an ellipsis. */
function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('#main *, #main')) {
      const s = getComputedStyle(el);
      if (s.overflowX === 'visible' || s.textOverflow === 'ellipsis') continue;
      if (el.clientWidth <= 2 || s.clipPath !== 'none' || s.getPropertyValue('clip') !== 'auto') continue;
      if (s.overflowX === 'auto' || s.overflowX === 'scroll') continue;
      const text = (el.textContent ?? '').trim();
      if (!text || el.scrollWidth <= el.clientWidth + 1) continue;
      cut.push(`<${el.tagName.toLowerCase()} class="${typeof el.className === 'string' ? el.className.split(' ')[0] : ''}"> ${text.slice(0, 30)}`);
    }
    return cut;
  });
}

test.describe('focus follows the guest', () => {
  test('each route change moves focus to the new page’s h1 and announces it (keyboard, back, not found)', async ({ page }) => {
    await open(page, '/');
    // The first page of a visit keeps the browser's start.
    await page.getByTestId('tile-food').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Speisen\/all$/);
    const food = await expectHeadingFocused(page);
    await expect(announced(page)).toHaveText(food);

    await page.getByTestId('category-card').first().focus();
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/Speisen\/all$/);
    const category = await expectHeadingFocused(page);
    expect(category).not.toBe(food);
    await expect(announced(page)).toHaveText(category);

    // Another remote (mf-cart) through the header's cart link.
    await page.getByTestId('cart-badge').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Korb$/);
    const cart = await expectHeadingFocused(page);
    await expect(announced(page)).toHaveText(cart);

    await page.goBack();
    expect(await expectHeadingFocused(page)).toBe(category);

    // Not-found states have their h1 too, and get focus like any page.
    await page.evaluate(() => {
      history.pushState(null, '', '/Speise/gibt-es-nicht');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectHeadingFocused(page);
  });

  test('each checkout step’s heading receives focus and the step is announced; the next Tab is in the step', async ({ page }) => {
    await fillCart(page, CART);
    await open(page, '/CheckoutTakeaway');
    await fillPerson(page);
    await page.getByTestId('checkout-next').focus();
    await page.keyboard.press('Enter');
    const heading = page.getByTestId('checkout-step-heading');
    await expect(heading).toBeFocused();
    await expect(heading).toContainText('Schritt 2 von 3');
    await expect(announced(page)).toContainText('Schritt 2 von 3');
    // The step's first control is one Tab away (it was 19 Tabs from the page body).
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-labelledby'))).toBe('checkout-step-heading');

    await pickFirstSlot(page);
    await page.getByTestId('checkout-next').click();
    await expect(heading).toBeFocused();
    await expect(announced(page)).toContainText('Schritt 3 von 3');
    // The stepper names every step, not only the current one.
    for (let i = 0; i < 3; i++) {
      const label = await page.getByTestId(`stepper-${i}`).evaluate((li) => (li as HTMLElement).innerText || li.textContent);
      expect(label?.replace(/\s+/g, ' ').trim().length ?? 0, `step ${i + 1} has a name`).toBeGreaterThan(2);
    }
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid^="stepper-"]')].every((li) => {
          const name = li.querySelector('span:last-child');
          return name !== null && getComputedStyle(name).display !== 'none' && (name.textContent ?? '').trim().length > 2;
        }),
      ),
    ).toBe(true);

    // Back to the previous step: focus again on its heading.
    await page.getByTestId('checkout-back').click();
    await expect(heading).toBeFocused();
    await expect(announced(page)).toContainText('Schritt 2 von 3');
  });
});

test.describe('nothing focused is covered, every focus ring is at least 3:1', () => {
  test('Home, the menu, an item page with the cart bar, the cart and the checkout', async ({ page }) => {
    await fillCart(page, CART);
    for (const route of ['/', '/Speisen/all', '/SpeisenProdukte/burritos', '/Speise/burrito-classic-chicken', '/Korb']) {
      await open(page, route);
      await walkTabs(page, route);
    }
    // The item page: "In den Korb" is reached by Tab and not under the cart bar.
    await open(page, '/Speise/tacos-al-pastor');
    await page.evaluate(() => window.scrollTo(0, 0));
    const stops = await walkTabs(page, '/Speise/tacos-al-pastor', 60);
    expect(stops.some((s) => s.focus.includes('add-to-cart'))).toBe(true);

    // The checkout's data step: the Mehrweg checkbox is not under the sticky bar.
    await open(page, '/CheckoutTakeaway');
    await walkTabs(page, '/CheckoutTakeaway', 60);
    const mehrweg = page.getByRole('checkbox', { name: /Mehrweg/ });
    if ((await mehrweg.count()) > 0) {
      await mehrweg.focus();
      const report = await inspectFocus(page);
      expect(report?.covered).toEqual([]);
    }
  });

  test('the order page with the toast "Anmelden zum Punkte Sammeln": covers nothing focused, its link early in tab order, paused by focus, announced', async ({
    page,
  }) => {
    await fillCart(page, CART);
    await open(page, '/CheckoutTakeaway');
    await fillPerson(page);
    await page.getByTestId('checkout-next').click();
    await pickFirstSlot(page);
    await page.getByTestId('checkout-next').click();
    await waitForHumanCheck(page);
    await page.getByTestId('checkout-next').click();
    await expect(page).toHaveURL(/\/Bestellung\/[a-z0-9-]+$/);
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Anmelden zum Punkte Sammeln');
    await expect(toast).toHaveAttribute('role', 'status');
    // The order page has its h1 and it got focus.
    await expectHeadingFocused(page);

    // Tab from the start: the toast's link comes right after the header, before the page.
    const stops = await walkTabs(page, 'order page with toast', 30);
    const linkAt = stops.findIndex((s) => s.focus.includes('toast-action'));
    expect(linkAt, 'the toast link is in tab order').toBeGreaterThanOrEqual(0);
    // After the header's navigation, before anything of the page.
    expect(stops.slice(0, linkAt).filter((s) => s.inMain)).toEqual([]);
    expect(stops.slice(linkAt + 1).some((s) => s.inMain)).toBe(true);

    // Focus pauses the 8 s timer; it runs again once focus leaves.
    await page.getByTestId('toast-action').focus();
    await page.clock.runFor(12_000);
    await expect(toast).toBeVisible();
    await page.locator('#main h1').first().focus();
    await page.clock.runFor(12_000);
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });
});

test.describe('reflow and text size', () => {
  test('at 320 px no guest route scrolls sideways', async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 320, height: 720 });
    await fillCart(page, CART);
    for (const route of ROUTES) {
      await open(page, route);
      const result = await sideways(page);
      expect.soft(result.scroll, `${route} at 320 px: ${result.wide.join(', ')}`).toBeLessThanOrEqual(1);
    }
  });

  test('at 200 % text (the browser’s text size: root font size) no guest route scrolls sideways and no text is cut', async ({ page }) => {
    test.setTimeout(240_000);
    // The browser's text size (Chromium's default font size, as its setting sets it): every rem follows.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await fillCart(page, CART);
    for (const route of ROUTES) {
      await open(page, route);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('32px');
      const result = await sideways(page);
      expect.soft(result.scroll, `${route} at 200 %: ${result.wide.join(', ')}`).toBeLessThanOrEqual(1);
      expect.soft(await cutTexts(page), `${route} at 200 %: text cut`).toEqual([]);
    }
    // The cart's sums in full (they were cut to "8,").
    await open(page, '/Korb');
    const sums = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid*="total"], [data-testid*="sum"]')]
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => ({ id: el.dataset.testid, text: el.textContent?.trim(), cut: el.scrollWidth > el.clientWidth + 1 })),
    );
    expect(sums.length).toBeGreaterThan(0);
    expect(sums.filter((s) => s.cut)).toEqual([]);
    expect(sums.every((s) => /\d+,\d\d/.test(s.text ?? ''))).toBe(true);
  });

  test('the fonts follow the text size: a page’s text is twice as large at 200 %', async ({ page }) => {
    await open(page, '/Speisen/all');
    const normal = await page
      .locator('#main h1')
      .first()
      .evaluate((h) => parseFloat(getComputedStyle(h).fontSize));
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    const large = await page
      .locator('#main h1')
      .first()
      .evaluate((h) => parseFloat(getComputedStyle(h).fontSize));
    expect(large).toBeCloseTo(normal * 2, 0);
    // No font size anywhere stays in px: every visible text grows.
    const fixed = await page.evaluate(() => {
      const before = new Map<Element, number>();
      document.documentElement.style.fontSize = '';
      for (const el of document.querySelectorAll('body *'))
        // The header's wordmark is capped on purpose (it would run over the icons); the page's text is not.
        if (el.childElementCount === 0 && el.textContent?.trim() && !el.closest('header')) before.set(el, parseFloat(getComputedStyle(el).fontSize));
      document.documentElement.style.fontSize = '200%';
      return [...before]
        .filter(([el, size]) => parseFloat(getComputedStyle(el).fontSize) < size * 1.5)
        .map(([el, size]) => `<${el.tagName.toLowerCase()}> ${size}px`);
    });
    expect(fixed).toEqual([]);
  });
});

test.describe('structure, motion and the manifest', () => {
  test('one h1 per page and no skipped heading level on the guest routes; the cart bar is in a landmark', async ({ page }) => {
    test.setTimeout(180_000);
    await fillCart(page, CART);
    for (const route of ROUTES) {
      await open(page, route);
      const headings = await page.evaluate(() =>
        [...document.querySelectorAll('#main h1, #main h2, #main h3, #main h4, #main h5, #main h6')]
          .filter((h) => h.getClientRects().length > 0 || (h as HTMLElement).closest('details'))
          .map((h) => Number(h.tagName[1])),
      );
      expect.soft(headings.filter((l) => l === 1).length, `${route}: one h1`).toBe(1);
      const jumps = headings.flatMap((level, i) => (i > 0 && level > headings[i - 1]! + 1 ? [`h${headings[i - 1]} → h${level}`] : []));
      expect.soft(jumps, `${route}: heading levels`).toEqual([]);
    }
    await open(page, '/Speisen/all');
    const bar = page.getByTestId('cart-bar');
    await expect(bar).toBeVisible();
    expect(await bar.evaluate((el) => el.closest('main, nav, aside, header, footer, [role="region"][aria-label], section[aria-label]') !== null)).toBe(true);
  });

  test('"Anmelden" is the sign-in page’s heading once; "Zur Stempelkarte" is at least 44 px high', async ({ page }) => {
    await open(page, '/Anmelden');
    await expect(page.getByTestId('signin-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Anmelden', exact: true })).toHaveCount(1);
    await fillCart(page, CART);
    await open(page, '/Korb');
    // The default host has the stamp card on: its teaser is in the cart.
    const link = page.getByTestId('stamp-teaser').getByRole('link', { name: 'Zur Stempelkarte' });
    await expect(link).toBeVisible();
    expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  });

  test('with reduced motion nothing pulses or slides (the cart badge after adding)', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, '/Speise/tacos-al-pastor');
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('added-to-cart')).toBeVisible();
    const moving = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number(a.effect?.getComputedTiming().duration ?? 0) > 1)
        .map((a) => (a as CSSAnimation).animationName ?? 'animation'),
    );
    expect(moving).toEqual([]);
  });

  test('the allergen filter’s hidden count is in a live region present before it is filled', async ({ page }) => {
    await open(page, '/SpeisenProdukte/burritos');
    const filter = page.getByTestId('allergen-filter');
    await expect(filter).toBeVisible();
    await expect(filter.locator('[role="status"]')).toHaveCount(1);
  });

  test('the manifest does not lock the orientation', async ({ request }) => {
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { orientation?: string };
    expect(manifest.orientation ?? 'any').toBe('any');
  });
});
