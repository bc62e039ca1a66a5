import crypto from 'node:crypto';
import type { AppConfig, Menu, OrderDraftInput, ProductLine } from '@shop/shared/contract';
import { feeCharges, feeConfigOf, withFeeLines } from '@shop/shared/domain/fees';
import { priceSelection } from '@shop/shared/domain/line-pricing';
import { sumCents } from '@shop/shared/domain/money';
import { pickupDays } from '@shop/shared/domain/time-slots';
import { seedAppConfig } from '../../src/seed/appconfig';
import { testNow } from './clock';

export interface LineSpec {
  itemId: string;
  vol?: string;
  count?: number;
  variantsSelected?: { stepIndex: number; optionIds: string[]; portion?: number }[];
  stylesSelected?: string[];
  notes?: string;
}

/** A cart line priced by the shared pricing (what a correct client sends). */
export function productLine(menu: Menu, spec: LineSpec, mode: 'takeaway' | 'delivery' | 'inhouse' = 'takeaway'): ProductLine {
  const found = menu.flatMap((c) => c.items.map((item) => ({ item, category: c }))).find((x) => x.item.id === spec.itemId);
  if (!found) throw new Error(`No item ${spec.itemId} in the test menu`);
  const { item, category } = found;
  const selection = {
    vol: spec.vol ?? item.sizes[0]!.vol,
    variantsSelected: (spec.variantsSelected ?? []).map((v) => ({ ...v, portion: v.portion ?? 0 })),
    stylesSelected: spec.stylesSelected ?? [],
    count: spec.count ?? 1,
  };
  const priced = priceSelection(item, selection, mode);
  return {
    kind: 'product',
    cartItemId: `ci-${crypto.randomUUID()}`,
    id: item.id,
    type: category.type === 'drink' ? 'drink' : item.ticket ? 'ticket' : 'food',
    delay: category.delay,
    nameToDisplay: item.nameToDisplay ?? item.nameDE,
    description: item.descriptionDE,
    notes: spec.notes ?? '',
    vol: selection.vol,
    count: selection.count,
    sizePrice: priced.sizePrice,
    sumOfExtras: priced.sumOfExtras,
    itemTotal: priced.itemTotal,
    extras: priced.extras,
    extrasToDisplay: priced.extrasToDisplay,
    variantsSelected: selection.variantsSelected,
    stylesSelected: selection.stylesSelected,
  };
}

/**
 * A pickup time the seeded restaurant offers, at least 90 minutes after `now` (beyond any delay
 * of the seed's items): the first such slot today, or else tomorrow.
 */
export function offeredPickupTime(now: number = testNow()): number {
  const days = pickupDays({ now, openingHours: seedAppConfig.takeAway.openingHours, delayMinutes: 90 });
  const slot = days.flatMap((d) => d.slots)[0];
  if (!slot) throw new Error(`The seed offers no pickup time today or tomorrow after ${new Date(now).toISOString()}`);
  return slot.utc;
}

/** A takeaway order paid at pickup with correct totals; `createdAt` is the clock its pickup time is chosen by. */
export function takeawayDraft(menu: Menu, lines: LineSpec[], overrides: Partial<OrderDraftInput> = {}): OrderDraftInput {
  const orderData = lines.map((l) => productLine(menu, l, 'takeaway'));
  const total = sumCents(orderData.map((l) => l.itemTotal));
  const now = overrides.createdAt ?? testNow();
  return {
    clientId: `client-${crypto.randomUUID()}`,
    onlinePay: false,
    asGuest: true,
    usecase: 'takeaway',
    createdAt: now,
    orderData,
    paymentInfo: { amount: total, itemsTotal: total, tip: 0 },
    psp: 'beiAbholung',
    userInfo: { fuid: null, name: 'Erika Mustermann', email: 'erika@example.org', phone: '+4915112345678' },
    targetTime: offeredPickupTime(now),
    pickupDate: 'Heute',
    ...overrides,
  };
}

/** A takeaway order paid online (as the checkout saves it before payment): with the online service fee. */
export function onlineTakeawayDraft(menu: Menu, config: AppConfig, lines: LineSpec[], overrides: Partial<OrderDraftInput> = {}): OrderDraftInput {
  const draft = takeawayDraft(menu, lines, { onlinePay: true, directPay: true, psp: undefined, ...overrides });
  const fees = feeCharges({ usecase: 'takeaway', onlinePay: true, fees: feeConfigOf(config) });
  const fee = fees.reduce((n, f) => n + f.amount, 0);
  return {
    ...draft,
    orderData: withFeeLines(draft.orderData as never, fees),
    paymentInfo: { amount: draft.paymentInfo.amount + fee, itemsTotal: draft.paymentInfo.itemsTotal, tip: 0 },
  };
}
