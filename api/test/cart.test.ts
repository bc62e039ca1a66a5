import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Menu, SavedCart } from '@shop/shared/contract';
import { coupon } from '@shop/shared/contract';
import { couponToLine } from '@shop/shared/domain/coupons';
import { feeLine } from '@shop/shared/domain/fees';
import { applicationDatabase } from './support/databases';
import { productLine } from './support/orders';
import { startTestApi, TEST_BROWSER_ID, type TestApi } from './support/test-api';

const OTHER_BROWSER = 'other-browser-0000-0000-0000-000000000002';

describe.each(applicationDatabase())('SaveCart and LoadCartItems on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let clock = 1_800_000_000_000;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { now: () => clock });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => t?.close());

  const cart = (): Cart => [
    productLine(menu, { itemId: 'tacos-al-pastor', count: 2, notes: 'extra scharf' }),
    couponToLine(coupon.parse({ couponCode: 'WILLKOMMEN5', type: 'amount', title: '5 € Willkommensgutschein', amount: 500 })),
  ];

  it('saves a cart and restores it by its id with lastModified and the source device', async () => {
    const items = cart();
    const saved = await t.call('SaveCart', { items, sourceDevice: 'iPhone' });
    expect(saved.status).toBe(200);
    const cartId = saved.body.cartId as string;
    expect(cartId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(saved.body.lastModified).toBe(clock);

    const loaded = await t.call('LoadCartItems', { cartId }, { browserId: OTHER_BROWSER });
    expect(loaded.status).toBe(200);
    const restored = loaded.body.cart as SavedCart;
    expect(restored.items).toEqual(items);
    expect(restored.lastModified).toBe(clock);
    expect(restored.context).toEqual({ sourceDevice: 'iPhone' });
  });

  it('updates the cart under the same id for the browser that saved it, and refreshes lastModified', async () => {
    const first = await t.call('SaveCart', { items: cart() });
    const cartId = first.body.cartId as string;
    clock += 60_000;
    const fewer = cart().slice(0, 1);
    const second = await t.call('SaveCart', { items: fewer, cartId });
    expect(second.body).toMatchObject({ cartId, lastModified: clock });
    expect(((await t.call('LoadCartItems', { cartId })).body.cart as SavedCart).items).toEqual(fewer);
  });

  it('never lets another browser overwrite a cart: it gets a new id, the original stays', async () => {
    const mine = await t.call('SaveCart', { items: cart() });
    const cartId = mine.body.cartId as string;
    const theirs = await t.call('SaveCart', { items: cart().slice(0, 1), cartId }, { browserId: OTHER_BROWSER });
    expect(theirs.status).toBe(200);
    expect(theirs.body.cartId).not.toBe(cartId);
    expect(((await t.call('LoadCartItems', { cartId }, { browserId: TEST_BROWSER_ID })).body.cart as SavedCart).items).toHaveLength(2);
  });

  it('does not keep fee lines (the checkout adds them) and refuses a cart with nothing else', async () => {
    const fee = feeLine({ id: 'specialUniqueOnlineServiceFee', name: 'Online Servicegebühr', amount: 49 });
    const saved = await t.call('SaveCart', { items: [...cart(), fee] });
    const items = ((await t.call('LoadCartItems', { cartId: saved.body.cartId as string })).body.cart as SavedCart).items;
    expect(items.some((l) => l.kind === 'fee')).toBe(false);
    const onlyFee = await t.call('SaveCart', { items: [fee] });
    expect(onlyFee.status).toBe(400);
  });

  it('answers an unknown id with 404 and a malformed id with 400', async () => {
    const unknown = await t.call('LoadCartItems', { cartId: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found' });
    const malformed = await t.call('LoadCartItems', { cartId: "x' or 1=1" });
    expect(malformed.status).toBe(400);
    const empty = await t.call('SaveCart', { items: [] });
    expect(empty.status).toBe(400);
  });
});
