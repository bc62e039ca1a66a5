// requirements#performance: the cost of an order does not grow with its lines. Counted in database statements
// (Drizzle's query log), not in time: a test never reads the clock (ADR 0012), and a timed
// comparison would fail on a busy machine. The time of a 50-line order against a 1-line order is
// measured by `npm run bench` (median of several runs, scripts/bench/orders.mjs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu, SavedOrder } from '@shop/shared/contract';
import { testDatabases } from './support/databases';
import { takeawayDraft, type LineSpec } from './support/orders';
import { startTestApi, type TestApi } from './support/test-api';
import { testNow } from './support/clock';

/** Seed articles without choices, stock limits, offers or day restrictions: each line is valid on its own. */
const SIMPLE_ITEMS = [
  'tacos-al-pastor',
  'tacos-carne-asada',
  'tacos-baja-fish',
  'tacos-coliflor',
  'bowl-poke-mex',
  'bowl-barbacoa',
  'bowl-korean-mex',
  'salad-taco',
  'salad-elote',
  'nachos-loaded',
  'elote',
  'jalapeno-poppers',
  'salsa-roja',
  'salsa-habanero',
  'salsa-mango',
  'pico-de-gallo',
  'guacamole-dip',
  'sour-cream-dip',
  'chipotle-mayo',
  'queso-dip',
  'salsa-pina',
  'black-bean-dip',
  'salsa-tomatillo',
  'salsa-macha',
  'lime-aioli',
  'salsa-diabla',
  'tres-leches',
  'paleta-mango',
  'family-box',
  'summer-tacos',
];

/** `count` lines of different articles (cycling through the list), one unit each. */
const linesOf = (count: number, offset = 0): LineSpec[] =>
  Array.from({ length: count }, (_, i) => ({ itemId: SIMPLE_ITEMS[(i + offset) % SIMPLE_ITEMS.length]! }));

/** A bound that holds whatever the number of lines: the statements of one order (lookups, insert, events). */
const MAX_STATEMENTS_PER_ORDER = 25;

describe.each(testDatabases())('the statements of one order on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    t = await startTestApi(await database.open({ onQuery: (sql) => counting && statements.push(sql) }));
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    // One order first: caches that fill once per process (menu snapshot) do not count below.
    expect((await t.call('SaveNewOrder', { order: takeawayDraft(menu, linesOf(3)) })).status).toBe(200);
  });
  afterAll(async () => t?.close());

  /** Saves the order and returns the SQL statements it cost (the cash captcha's are not part of saving). */
  async function statementsOfSaving(lines: LineSpec[]): Promise<string[]> {
    const draft = takeawayDraft(menu, lines);
    statements.length = 0;
    counting = true;
    const res = await t.call('SaveNewOrder', { order: draft });
    counting = false;
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect((res.body.order as SavedOrder).orderData.filter((l) => l.kind === 'product')).toHaveLength(lines.length);
    return [...statements];
  }

  it('a 50-line order costs as many statements as a 1-line order, and a bounded number', async () => {
    const one = await statementsOfSaving(linesOf(1, 5));
    const fifty = await statementsOfSaving(linesOf(50));
    expect(fifty.length, fifty.join('\n')).toBeLessThanOrEqual(MAX_STATEMENTS_PER_ORDER);
    expect(fifty.length, `1 line:\n${one.join('\n')}\n\n50 lines:\n${fifty.join('\n')}`).toBe(one.length);
    // No statement reads the menu per article: the lines are priced from the menu snapshot.
    expect(fifty.filter((sql) => /from "menu_items"/i.test(sql) && !/update/i.test(sql))).toEqual([]);
  });

  it('the menu snapshot is read again after the menu changed, once, not per line', async () => {
    await t.api.menus.markStockChanged('food', testNow());
    const after = await statementsOfSaving(linesOf(50, 7));
    const menuReads = after.filter((sql) => /from "menu_items"/i.test(sql) && /^select/i.test(sql.trim()));
    expect(menuReads.length).toBeLessThanOrEqual(1);
    expect(after.length).toBeLessThanOrEqual(MAX_STATEMENTS_PER_ORDER + 2);
  });
});
