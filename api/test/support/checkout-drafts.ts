import type { AppConfig, Menu, OrderDraftInput } from '@shop/shared/contract';
import { FLOWS, usecaseOf, type FlowId } from '@shop/shared/domain/checkout-flow';
import { withFeeLines } from '@shop/shared/domain/fees';
import { buildOrderDraft } from '@shop/shared/domain/order-payload';
import { modeOfUsecase, priceCart, type PriceBreakdown } from '@shop/shared/domain/pricing';
import { pickupDays, preparationDelayMinutes } from '@shop/shared/domain/time-slots';
import type { TipPercent } from '@shop/shared/domain/tip';
import { productLine, type LineSpec } from './orders';
import { TEST_BROWSER_ID } from './test-api';

/** The form a guest fills in, as the checkout keeps it. */
export const checkoutForm = {
  name: 'Erika Mustermann',
  email: 'Erika@Example.org',
  phone: '0151 12345678',
  note: 'Bitte klingeln',
  invoiceAddress: { company: '', street: 'Lange Reihe 10', plz: '20099', city: 'Hamburg' },
  deliveryAddress: { company: '', street: '', plz: '', city: '', etage: '2. OG' },
  sameAddress: true,
  companyInvoice: false,
};

export interface CheckoutDraft {
  readonly draft: OrderDraftInput;
  readonly breakdown: PriceBreakdown;
}

/**
 * The order the checkout of `flow` sends at `now`: priced by the shared pricing engine, with the
 * first slot the checkout offers (today, or tomorrow when today is closed) for takeaway and delivery.
 */
export function checkoutDraft(
  menu: Menu,
  config: AppConfig,
  flow: FlowId,
  now: number,
  options: { lines?: LineSpec[]; tipPercent?: TipPercent } = {},
): CheckoutDraft {
  const usecase = usecaseOf(flow, false);
  const mode = modeOfUsecase(usecase);
  const cart = (options.lines ?? [{ itemId: 'tacos-al-pastor', count: 3 }]).map((l) => productLine(menu, l, mode));
  const breakdown = priceCart({
    lines: cart,
    usecase,
    config,
    onlinePay: FLOWS[flow].onlinePay,
    now,
    ...(options.tipPercent ? { tipPercent: options.tipPercent } : {}),
  });
  // The slots the checkout offers for this flow: the delivery or takeaway block, plus item delays.
  const block = mode === 'delivery' ? config.delivery : config.takeAway;
  const delayMinutes = preparationDelayMinutes(
    block.delayInMinutes,
    cart.map((l) => l.delay),
  );
  const [today, tomorrow] = pickupDays({ now, openingHours: block.openingHours, delayMinutes });
  const day = today.closed ? tomorrow : today;
  const draft = buildOrderDraft({
    flow,
    clientId: `client-${flow}-${now}-${Math.random().toString(36).slice(2, 8)}`,
    now,
    cart: withFeeLines(cart, breakdown.fees),
    itemsTotal: breakdown.itemsTotal,
    tip: breakdown.tip,
    total: breakdown.total,
    form: checkoutForm,
    fuid: null,
    browserId: TEST_BROWSER_ID,
    host: 'localhost',
    selfService: false,
    day: day.date,
    slot: day.slots[0] ?? null,
    pickupAddress: 'Street Food St. Georg, Lange Reihe 42, 20099 Hamburg',
    table: '12',
    orderNoteEnabled: true,
    stamp: { enabled: true, type: config.stamp.type },
    mehrweg: { enabled: true, chosen: true, companyName: 'REBOWL' },
  });
  return { draft, breakdown };
}
