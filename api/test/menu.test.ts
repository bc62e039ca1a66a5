import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menu as menuSchema, type Menu, type MenuItem, type SavedOrder } from '@shop/shared/contract';
import { ALLERGEN_CODES } from '@shop/shared/domain/allergens';
import { REPO_ROOT } from '../src/config';
import { menuItems, settings } from '../src/db/schema';
import { applicationDatabase } from './support/databases';
import { takeawayDraft } from './support/orders';
import { startTestApi, type TestApi } from './support/test-api';

const items = (menu: Menu): MenuItem[] => menu.flatMap((c) => c.items);

describe.each(applicationDatabase())('menu pulls on $name', (database) => {
  let t: TestApi;
  let food: Menu;
  let drinks: Menu;
  let foodVersion: number;

  beforeAll(async () => {
    t = await startTestApi(await database.open());
    const f = await t.call('PullFoodMenu', {});
    const d = await t.call('PullDrinkMenu', {});
    food = f.body.menu as Menu;
    drinks = d.body.menu as Menu;
    foodVersion = f.body.lastModified as number;
  });
  afterAll(async () => t?.close());

  it('serves the seeded food menu, valid against the contract, with the spec categories and sections', () => {
    expect(menuSchema.parse(food)).toEqual(food);
    expect(items(food).length).toBeGreaterThanOrEqual(40);
    expect(food.map((c) => c.id)).toEqual(
      expect.arrayContaining(['burritos', 'quesadillas', 'tacos', 'taquitos', 'bowls', 'salads', 'snacks-nachos', 'salsas-dips', 'kids-summer-size', 'sweets']),
    );
    const salsas = food.find((c) => c.id === 'salsas-dips')!;
    expect(salsas.items.length).toBeGreaterThanOrEqual(15);
    for (const id of ['burritos', 'quesadillas', 'bowls']) {
      const sections = new Set(food.find((c) => c.id === id)!.items.map((i) => i.section));
      expect([...sections].sort()).toEqual(['classic', 'dok', 'special']);
    }
    expect(items(food).map((i) => i.id)).toEqual(expect.arrayContaining(['taquitos-3er', 'taquitos-6er', 'burrito-classic-chicken', 'tacos-al-pastor']));
  });

  it('serves at least 15 drinks; the alcoholic ones carry lAlk', () => {
    expect(menuSchema.parse(drinks)).toEqual(drinks);
    const all = items(drinks);
    expect(all.length).toBeGreaterThanOrEqual(15);
    const alcoholic = all.filter(
      (i) =>
        /bier|tequila|mezcal|lager|pils|% vol/i.test(`${i.descriptionDE} ${drinks.find((c) => c.items.includes(i))!.categoryDE}`) &&
        !/alkoholfrei|ohne alkohol/i.test(`${i.nameDE} ${i.descriptionDE}`),
    );
    expect(alcoholic.length).toBeGreaterThanOrEqual(5);
    for (const drink of alcoholic) expect(drink.substances, drink.id).toContain('lAlk');
    expect(all.find((i) => i.id === 'drink-alkoholfrei')!.substances).not.toContain('lAlk');
  });

  it('declares all 14 allergens and additives 1–15 somewhere on the menus, each item priced in whole cents', () => {
    const codes = new Set<string>();
    for (const item of [...items(food), ...items(drinks)]) {
      item.substances.forEach((s) => codes.add(s));
      item.extras.variants.forEach((v) => v.options.forEach((o) => o.substances?.forEach((s) => codes.add(s))));
      item.extras.styles.forEach((s) => s.substances?.forEach((c) => codes.add(c)));
      for (const size of item.sizes) expect(Number.isInteger(size.price), item.id).toBe(true);
    }
    for (const code of ALLERGEN_CODES) expect(codes, code).toContain(code);
    for (let n = 1; n <= 15; n++) expect(codes, `z${n}`).toContain(`z${n}`);
  });

  it('exercises every configurator feature in the seed', () => {
    const all = [...items(food), ...items(drinks)];
    const steps = all.flatMap((i) => i.extras.variants);
    expect(steps.some((s) => s.trigger?.length)).toBe(true);
    expect(steps.some((s) => (s.freeArticles ?? 0) > 0)).toBe(true);
    expect(steps.some((s) => s.replaceArticle)).toBe(true);
    expect(steps.some((s) => s.dropdown)).toBe(true);
    expect(steps.some((s) => s.multi && s.maxOptions)).toBe(true);
    expect(steps.some((s) => s.optional)).toBe(true);
    expect(steps.some((s) => s.implicit)).toBe(true);
    expect(steps.some((s) => s.extendable)).toBe(true);
    expect(all.some((i) => i.extras.combinations.length > 0)).toBe(true);
    expect(all.some((i) => i.extras.styles.some((s) => s.volCosts?.length) || i.extras.variants.some((v) => v.options.some((o) => o.volCosts?.length)))).toBe(
      true,
    );
    // Per-size net content for the unit price (Salsa Verde: 60-ml cup and 250-g glass).
    expect(all.some((i) => i.sizes.filter((s) => s.content).length > 1)).toBe(true);
    for (const flag of ['unikat', 'ticket', 'inhouseOnly', 'takeawayOnly', 'neu', 'streichPreis', 'kilopreis', 'merkmalgruppen', 'nutritions'] as const) {
      expect(
        all.some((i) => Boolean(i[flag])),
        flag,
      ).toBe(true);
    }
  });

  it('references images that the API serves, as light SVG files', async () => {
    const files = new Set([...items(food), ...items(drinks)].flatMap((i) => [i.image, ...(i.moreImages ?? [])]).filter(Boolean) as string[]);
    for (const c of [...food, ...drinks]) if (c.image) files.add(c.image);
    expect(files.size).toBeGreaterThan(20);
    for (const file of files) {
      expect(file).toMatch(/^\/media\/[a-z0-9-]+\.svg$/);
      const res = await t.api.app.inject({ method: 'GET', url: file });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
      expect(fs.statSync(path.join(REPO_ROOT, 'api', file)).size).toBeLessThan(8_000);
    }
  });

  it('does not resend an unchanged menu, and resends it after a change', async () => {
    const same = await t.call('PullFoodMenu', { lastModified: foodVersion });
    expect(same.body).toMatchObject({ ok: true, unchanged: true, menu: [], lastModified: foodVersion });

    // The restaurant marks an item sold out and bumps the menu version.
    await t.api.database.db.update(menuItems).set({ verkauft: true }).where(eq(menuItems.id, 'tacos-al-pastor'));
    await t.api.database.db
      .update(settings)
      .set({ updatedAt: foodVersion + 1000 })
      .where(eq(settings.key, 'menuVersion:food'));
    const changed = await t.call('PullFoodMenu', { lastModified: foodVersion });
    expect(changed.body.unchanged).toBeUndefined();
    expect(changed.body.lastModified).toBe(foodVersion + 1000);
    const tacos = items(changed.body.menu as Menu).find((i) => i.id === 'tacos-al-pastor')!;
    expect(tacos.verkauft).toBe(true);
    await t.api.database.db.update(menuItems).set({ verkauft: false }).where(eq(menuItems.id, 'tacos-al-pastor'));
    await t.api.database.db
      .update(settings)
      .set({ updatedAt: foodVersion + 2000 })
      .where(eq(settings.key, 'menuVersion:food'));
  });

  it('refuses a malformed pull with a clear error', async () => {
    const res = await t.call('PullFoodMenu', { lastModified: -1 });
    expect(res.status).toBe(400);
    expect((res.body.error as { message: string }).message).toMatch(/^Invalid payload for PullFoodMenu: payload\.lastModified/);
  });
});

/** Wednesday 25 Nov 2026, 12:30 in Hamburg (CET): inside the Lunch Combo's order times. */
const WEDNESDAY_LUNCH = Date.UTC(2026, 10, 25, 11, 30);

describe.each(applicationDatabase())('configured items priced by the server on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let clock = WEDNESDAY_LUNCH;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { now: () => clock });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => t?.close());

  async function save(lines: Parameters<typeof takeawayDraft>[1]) {
    const res = await t.call('SaveNewOrder', { order: takeawayDraft(menu, lines, { createdAt: clock }) });
    return { status: res.status, order: res.body.order as SavedOrder, body: res.body };
  }

  it('accepts a burrito with size, a trigger step, a free and a paid topping, an extra portion and guacamole', async () => {
    const { status, order } = await save([
      {
        itemId: 'burrito-classic-chicken',
        vol: 'Large',
        variantsSelected: [
          { stepIndex: 0, optionIds: ['rice-mexican'] },
          { stepIndex: 1, optionIds: ['beans-black'] },
          { stepIndex: 2, optionIds: ['top-jalapeno', 'top-corn'] },
          { stepIndex: 3, optionIds: ['jal-fresh'] },
          { stepIndex: 4, optionIds: ['salsa-opt-verde'] },
          { stepIndex: 4, optionIds: ['salsa-opt-habanero'], portion: 1 },
        ],
        stylesSelected: ['style-guac'],
      },
    ]);
    expect(status).toBe(200);
    // Large takeaway 12,50 + 1 free topping + Mais 0,80 + free salsa + extra portion 0,50 + Guacamole (Large) 2,00.
    expect(order.total).toBe(1250 + 80 + 50 + 200);
  });

  it('refuses an item outside its order times with a clear German message', async () => {
    clock = WEDNESDAY_LUNCH + 4 * 60 * 60_000; // 16:30
    try {
      const res = await save([{ itemId: 'lunch-combo', variantsSelected: [{ stepIndex: 0, optionIds: ['combo-burrito'] }] }]);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'sold_out', userMessage: '„Lunch Combo“ ist zur Zeit nicht bestellbar.' });
    } finally {
      clock = WEDNESDAY_LUNCH;
    }
  });

  it('prices the Lunch Combo at its combination price and the Your Own Bowl at its replaceArticle size', async () => {
    const { status, order } = await save([
      {
        itemId: 'lunch-combo',
        variantsSelected: [
          { stepIndex: 0, optionIds: ['combo-bowl'] },
          { stepIndex: 1, optionIds: ['combo-nachos'] },
        ],
      },
      {
        itemId: 'your-own-bowl',
        variantsSelected: [
          { stepIndex: 0, optionIds: ['yo-large'] },
          { stepIndex: 1, optionIds: ['yo-rice'] },
          { stepIndex: 2, optionIds: ['yo-beef'] },
          { stepIndex: 3, optionIds: ['yo-corn', 'yo-beans', 'yo-pico', 'yo-avocado'] },
        ],
      },
    ]);
    expect(status).toBe(200);
    // Combo 13,90; bowl Large 12,90 + Rind 1,50 + toppings: the three most expensive (Avocado among
    // them) are included, one 0,70 topping is charged (docs/requirements.md#sums).
    expect(order.total).toBe(1390 + 1290 + 150 + 70);
  });

  it('refuses a choice in a step whose trigger is not selected, and a missing required choice', async () => {
    const hidden = await t.call('SaveNewOrder', {
      order: takeawayDraft(
        menu,
        [
          {
            itemId: 'burrito-classic-chicken',
            variantsSelected: [
              { stepIndex: 0, optionIds: ['rice-mexican'] },
              { stepIndex: 1, optionIds: ['beans-black'] },
              { stepIndex: 3, optionIds: ['jal-fresh'] },
            ],
          },
        ],
        { createdAt: clock },
      ),
    });
    expect(hidden.status).toBe(400);
    expect((hidden.body.error as { message: string }).message).toContain('hidden-step');
    const missing = await t.call('SaveNewOrder', {
      order: takeawayDraft(menu, [{ itemId: 'burrito-classic-chicken', variantsSelected: [{ stepIndex: 0, optionIds: ['rice-lime'] }] }], { createdAt: clock }),
    });
    expect(missing.status).toBe(400);
    expect((missing.body.error as { message: string }).message).toContain('missing-choice');
  });
});
