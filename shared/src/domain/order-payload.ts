/**
 * The order as sent on creation (requirements#order-entities "Order as sent on creation"), field by field,
 * for each flow. Pure: the clock, ids and context are passed in.
 */
import type { Cart } from '../contract/cart';
import type { Address, OrderDraftInput, SelectedTime } from '../contract/order';
import { CHECKOUT_CONSTANTS as C } from './checkout-constants';
import { FLOWS, usecaseOf, type FlowId } from './checkout-flow';
import type { AddressInput, PersonForm } from './checkout-validation';
import type { Cents } from './money';
import { normalizeEmail } from './person';
import { normalisePhone } from './phone';
import { inhouseOnlineTargetTime, mobilePaymentTargetTime } from './time-slots';

export interface PayloadInput {
  readonly flow: FlowId;
  /** Client order id: generated once per checkout, kept across retries (idempotency key). */
  readonly clientId: string;
  readonly now: number;
  /** The cart lines as ordered, fee lines included. */
  readonly cart: Cart;
  /** Goods after offers, before coupons, fees and tip (pricing engine's itemsTotal). */
  readonly itemsTotal: Cents;
  readonly tip: Cents;
  /** What the guest pays: after coupons, with fees and tip (pricing engine's total). */
  readonly total: Cents;
  readonly form: PersonForm;
  readonly fuid: string | null;
  readonly browserId: string;
  readonly host: string;
  readonly selfService: boolean;
  /** The menu version the prices came from. */
  readonly lastMenuUpdate?: number;
  /** Takeaway and delivery: the chosen day (YYYY-MM-DD) and slot. */
  readonly day?: string;
  readonly slot?: SelectedTime | null;
  /** Takeaway: the branch's pickup address (abholAdresse). */
  readonly pickupAddress?: string;
  /** In-house: table number and/or order area. */
  readonly table?: string | undefined;
  readonly area?: string | undefined;
  /** enableOrderNote: the note is sent only when order notes are enabled. */
  readonly orderNoteEnabled: boolean;
  /** enableStempel: collectStempel and stempelType are sent. */
  readonly stamp?: { readonly enabled: boolean; readonly type: number };
  /** enableMehrwegOption (takeaway): the guest's choice and the reusable system's company. */
  readonly mehrweg?: { readonly enabled: boolean; readonly chosen: boolean; readonly companyName: string };
  /** In-house: the invoice address block is sent only when it is visible (filled in). */
  readonly inhouseInvoiceVisible?: boolean;
  readonly pushToken?: string | null;
  readonly userAgent?: string;
  readonly filialnummer?: number;
}

function trimmedAddress(a: AddressInput, withEtage: boolean): Address {
  return {
    company: a.company.trim(),
    street: a.street.trim(),
    plz: a.plz.trim(),
    city: a.city.trim(),
    ...(withEtage ? { etage: (a.etage ?? '').trim() } : {}),
  };
}

function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Order payload: ${what} is missing`);
  return value;
}

/** Builds the draft that SaveNewOrder receives. Throws when a flow's required input is missing. */
export function buildOrderDraft(input: PayloadInput): OrderDraftInput {
  const def = FLOWS[input.flow];
  const usecase = usecaseOf(input.flow, input.selfService);
  const note = input.orderNoteEnabled ? input.form.note.trim() : '';
  const draft: OrderDraftInput = {
    clientId: input.clientId,
    lastMenuUpdate: input.lastMenuUpdate ?? 0,
    onlinePay: def.onlinePay,
    directPay: def.onlinePay,
    authCompleted: false,
    asGuest: input.fuid === null,
    type: 'selfOrder',
    fuid: input.fuid,
    btaste: input.browserId,
    domain: input.host,
    channel: 'on-the-go',
    usecase,
    createdAt: input.now,
    orderData: input.cart,
    paymentInfo: { amount: input.total, itemsTotal: input.itemsTotal, tip: input.tip },
    note,
    userInfo: {
      btaste: input.browserId,
      fuid: input.fuid,
      name: input.form.name.trim(),
      email: normalizeEmail(input.form.email),
      phone: normalisePhone(input.form.phone),
    },
    ...(input.pushToken ? { pushToken: input.pushToken } : {}),
    ...(input.userAgent ? { userAgentData: input.userAgent } : {}),
    ...(input.stamp?.enabled ? { collectStempel: input.fuid !== null, stempelType: input.stamp.type } : {}),
    ...(input.filialnummer !== undefined ? { filialnummer: input.filialnummer } : {}),
  };
  // The in-house flow without online payment: to the waiter, or on pickup at the counter when the
  // venue runs self-service (requirements#checkout-behaviour "No means payment to the waiter, or on pickup").
  const offlinePsp = input.flow === 'inhouse' && input.selfService ? 'beiAbholung' : def.offlinePsp;
  if (offlinePsp) Object.assign(draft, { psp: offlinePsp, sentToPos: false });

  switch (input.flow) {
    case 'takeaway':
    case 'takeawayWithPay': {
      const slot = required(input.slot, 'pickup time');
      Object.assign(draft, {
        pickupDate: required(input.day, 'pickup day'),
        abholAdresse: required(input.pickupAddress, 'pickup address'),
        targetTime: slot.utc,
      });
      if (input.flow === 'takeawayWithPay' && input.form.companyInvoice) {
        draft.invoiceAddress = trimmedAddress(input.form.invoiceAddress, false);
      }
      if (input.mehrweg?.enabled) {
        Object.assign(draft, { mehrwegOption: input.mehrweg.chosen, mehrwegOptionCompanyName: input.mehrweg.companyName });
      }
      break;
    }
    case 'delivery':
    case 'deliveryWithPay': {
      const slot = required(input.slot, 'delivery time');
      const invoice = trimmedAddress(input.form.invoiceAddress, false);
      const delivery = input.form.sameAddress
        ? { ...invoice, etage: (input.form.deliveryAddress.etage ?? '').trim() }
        : trimmedAddress(input.form.deliveryAddress, true);
      Object.assign(draft, {
        deliveryDate: { value: required(input.day, 'delivery day'), utc: slot.utc },
        targetTime: slot.utc,
        invoiceAddress: invoice,
        deliveryAddress: delivery,
      });
      break;
    }
    case 'inhouse':
    case 'inhouseWithPay':
    case 'inhouseWithPayTip': {
      if (!input.table && !input.area) throw new Error('Order payload: table or order area is missing');
      Object.assign(draft, {
        ...(input.table ? { table: input.table } : {}),
        ...(input.area ? { orderArea: input.area } : {}),
        sentToPos: false,
        storno: false,
      });
      if (input.flow !== 'inhouse') {
        Object.assign(draft, { selfServiceEnabled: input.selfService, targetTime: inhouseOnlineTargetTime(input.now) });
      }
      if (input.inhouseInvoiceVisible) draft.invoiceAddress = trimmedAddress(input.form.invoiceAddress, false);
      break;
    }
    case 'mobilePayment': {
      Object.assign(draft, {
        table: input.table ?? C.digitalTable,
        ...(input.area ? { orderArea: input.area } : {}),
        selfServiceEnabled: input.selfService,
        sentToPos: false,
        storno: false,
        targetTime: mobilePaymentTargetTime(input.now),
      });
      break;
    }
    case 'digital': {
      Object.assign(draft, {
        table: C.digitalTable,
        pickupDate: required(input.day, 'day'),
        targetTime: mobilePaymentTargetTime(input.now),
      });
      break;
    }
  }
  return draft;
}
