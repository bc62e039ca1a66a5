import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { expect } from './test';

/** WCAG 2.1 A and AA (requirements#accessibility). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Gives every page of the context axe-core from its first script on. AxeBuilder (@axe-core/playwright)
 * sends axe's 550 kB source into the page on every check and finishes each run in a blank page of its own:
 * about 1–2 s a check on this machine against 0.1–0.3 s for the run itself, paid some 110 times a suite.
 */
export async function installAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: AXE_SOURCE });
}

/** axe-core's serious and critical violations of WCAG 2.1 A/AA on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // A page of a context without installAxe gets axe now (evaluated: the shop's CSP allows no inline script tag).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (values) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values },
      }),
    WCAG_TAGS,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/** No serious or critical violation on the page as it is now (requirements#accessibility); `state` names it in the failure. */
export async function expectAxeClean(page: Page, state: string): Promise<void> {
  expect(await seriousViolations(page), state).toEqual([]);
}
