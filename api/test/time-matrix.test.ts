import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, Menu, SavedOrder } from '@shop/shared/contract';
import { usecaseOf, type FlowId } from '@shop/shared/domain/checkout-flow';
import { isAcceptableTargetTime } from '@shop/shared/domain/time-slots';
import { parseInstant } from '@shop/shared/domain/wall-clock';
import { DEFAULT_TEST_INSTANT, TEST_INSTANTS } from '@shop/shared/testing/instants';
import { offsetClock } from '../src/clock';
import { checkoutDraft } from './support/checkout-drafts';
import { startTestApi, type TestApi } from './support/test-api';
import { openMemoryPglite } from './support/databases';

/**
 * The time matrix of the API (the suite passes at any hour, docs/adr/0033-test-layers.md): at each instant of
 * TEST_INSTANTS — after midnight, around opening, before the lunch break, late in the evening, on a
 * Sunday, on the days the clocks change — every checkout flow saves the order its checkout builds at
 * that instant (the slot it offers, today or tomorrow), and the server refuses what it must. One API
 * on PGlite whose clock moves from instant to instant.
 */
const clock = offsetClock(parseInstant(DEFAULT_TEST_INSTANT));
const FLOWS_TO_SAVE: FlowId[] = ['takeawayWithPay', 'takeaway', 'deliveryWithPay', 'inhouse', 'inhouseWithPay', 'inhouseWithPayTip', 'mobilePayment'];

let t: TestApi;
let menu: Menu;
let config: AppConfig;

beforeAll(async () => {
  t = await startTestApi(await openMemoryPglite(), { now: clock.now });
  menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
});
afterAll(async () => t?.close());

describe.each(Object.entries(TEST_INSTANTS))('at %s (%s)', (_label, instant) => {
  beforeAll(() => clock.set(parseInstant(instant)));

  it.each(FLOWS_TO_SAVE)('%s: the order its checkout builds now is saved', async (flow) => {
    const { draft, breakdown } = checkoutDraft(menu, config, flow, clock.now(), flow === 'inhouseWithPayTip' ? { tipPercent: 10 } : {});
    const res = await t.call('SaveNewOrder', { order: draft });
    expect(res.body.error).toBeUndefined();
    const order = res.body.order as SavedOrder;
    expect(order.total).toBe(breakdown.total);
    expect(order.usecase).toBe(usecaseOf(flow, false));
    expect(order.targetTime).toBe(draft.targetTime);
  });

  it('refuses a pickup time in the past, after tomorrow, or off the grid', async () => {
    const { draft } = checkoutDraft(menu, config, 'takeaway', clock.now());
    const slot = draft.targetTime!;
    const openingHours = config.takeAway.openingHours;
    const hourAgo = clock.now() - 60 * 60_000;
    const refusals = [slot + 3 * 24 * 60 * 60_000, slot + 60_000, hourAgo - (hourAgo % (5 * 60_000))];
    for (const targetTime of refusals) {
      expect(isAcceptableTargetTime(targetTime, { now: clock.now(), openingHours, delayMinutes: config.takeAway.delayInMinutes })).toBe(false);
      const res = await t.call('SaveNewOrder', { order: { ...draft, clientId: `${draft.clientId}-${targetTime}`, targetTime } });
      expect(res.status, new Date(targetTime).toISOString()).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'validation', userMessage: 'Bitte wählen Sie eine Abholzeit aus' });
    }
  });
});
