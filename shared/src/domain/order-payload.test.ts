import { describe, expect, it } from 'vitest';
import type { Cart } from '../contract/cart';
import { orderDraft } from '../contract/order';
import type { PersonForm } from './checkout-validation';
import { buildOrderDraft, type PayloadInput } from './order-payload';

const cart: Cart = [
  {
    kind: 'product',
    cartItemId: 'ci-1',
    id: 'tacos-al-pastor',
    type: 'food',
    delay: 8,
    nameToDisplay: 'Tacos al Pastor',
    description: '',
    notes: '',
    vol: '',
    count: 2,
    sizePrice: 850,
    sumOfExtras: 0,
    itemTotal: 1700,
    extras: [],
    extrasToDisplay: '',
    variantsSelected: [],
    stylesSelected: [],
  },
];
const form: PersonForm = {
  name: '  Erika Mustermann ',
  email: ' Erika@Example.ORG',
  phone: '0151 1234 5678',
  note: ' Bitte ohne Zwiebeln ',
  invoiceAddress: { company: ' Muster GmbH ', street: ' Lange Reihe 42 ', plz: '20099 ', city: 'Hamburg' },
  deliveryAddress: { company: '', street: '', plz: '', city: '', etage: '3. OG' },
  sameAddress: true,
  companyInvoice: false,
};
const NOW = Date.UTC(2025, 5, 10, 10, 7);
const slot = { value: '12:30', display: 'ca. 12:30 Uhr', utc: Date.UTC(2025, 5, 10, 10, 30) };
const base: PayloadInput = {
  flow: 'takeaway',
  clientId: 'client-0001-abcdef',
  now: NOW,
  cart,
  itemsTotal: 1700,
  tip: 0,
  total: 1700,
  form,
  fuid: null,
  browserId: 'browser-0000-0000-0000-0000-000001',
  host: 'localhost',
  selfService: false,
  day: '2025-06-10',
  slot,
  pickupAddress: 'Street Food St. Georg, Lange Reihe 42, 20099 Hamburg',
  orderNoteEnabled: true,
};

describe('order payload (requirements#order-entities)', () => {
  it('takeaway paying at pickup: identification, content, user info, pickup fields, psp beiAbholung', () => {
    const draft = buildOrderDraft(base);
    expect(draft).toMatchObject({
      clientId: 'client-0001-abcdef',
      onlinePay: false,
      directPay: false,
      authCompleted: false,
      asGuest: true,
      type: 'selfOrder',
      fuid: null,
      btaste: base.browserId,
      domain: 'localhost',
      channel: 'on-the-go',
      usecase: 'takeaway',
      createdAt: NOW,
      orderData: cart,
      paymentInfo: { amount: 1700, itemsTotal: 1700, tip: 0 },
      note: 'Bitte ohne Zwiebeln',
      userInfo: { btaste: base.browserId, fuid: null, name: 'Erika Mustermann', email: 'erika@example.org', phone: '+4915112345678' },
      pickupDate: '2025-06-10',
      abholAdresse: 'Street Food St. Georg, Lange Reihe 42, 20099 Hamburg',
      targetTime: slot.utc,
      psp: 'beiAbholung',
      sentToPos: false,
    });
    expect(draft.invoiceAddress).toBeUndefined();
    expect(orderDraft.safeParse(draft).success).toBe(true);
  });

  it('takeaway online: no psp yet, the company invoice address trimmed, the Mehrweg choice, stamps for a signed-in user', () => {
    const draft = buildOrderDraft({
      ...base,
      flow: 'takeawayWithPay',
      fuid: 'uid-1',
      form: { ...form, companyInvoice: true },
      mehrweg: { enabled: true, chosen: true, companyName: 'REBOWL' },
      stamp: { enabled: true, type: 1 },
    });
    expect(draft).toMatchObject({
      onlinePay: true,
      directPay: true,
      asGuest: false,
      invoiceAddress: { company: 'Muster GmbH', street: 'Lange Reihe 42', plz: '20099', city: 'Hamburg' },
      mehrwegOption: true,
      mehrwegOptionCompanyName: 'REBOWL',
      collectStempel: true,
      stempelType: 1,
    });
    expect(draft.psp).toBeUndefined();
    expect(orderDraft.safeParse(draft).success).toBe(true);
  });

  it('a guest with the stamp card enabled does not collect stamps; notes are dropped when disabled', () => {
    const draft = buildOrderDraft({ ...base, stamp: { enabled: true, type: 1 }, orderNoteEnabled: false });
    expect(draft.collectStempel).toBe(false);
    expect(draft.note).toBe('');
  });

  it('delivery: deliveryDate {value, utc}, targetTime, invoice and delivery address with Etage', () => {
    const draft = buildOrderDraft({ ...base, flow: 'deliveryWithPay' });
    expect(draft).toMatchObject({
      usecase: 'delivery',
      onlinePay: true,
      deliveryDate: { value: '2025-06-10', utc: slot.utc },
      targetTime: slot.utc,
      invoiceAddress: { company: 'Muster GmbH', street: 'Lange Reihe 42', plz: '20099', city: 'Hamburg' },
      deliveryAddress: { company: 'Muster GmbH', street: 'Lange Reihe 42', plz: '20099', city: 'Hamburg', etage: '3. OG' },
    });
    const other = buildOrderDraft({
      ...base,
      flow: 'delivery',
      form: { ...form, sameAddress: false, deliveryAddress: { company: '', street: 'Grindelallee 1 ', plz: '20146', city: 'Hamburg', etage: 'EG' } },
    });
    expect(other).toMatchObject({ psp: 'beiLieferung', sentToPos: false, deliveryAddress: { street: 'Grindelallee 1', plz: '20146', etage: 'EG' } });
    expect(orderDraft.safeParse(other).success).toBe(true);
  });

  it('in-house waiter: table, psp waiter, sentToPos and storno false, no target time', () => {
    const draft = buildOrderDraft({ ...base, flow: 'inhouse', table: '12', day: undefined, slot: undefined });
    expect(draft).toMatchObject({ usecase: 'tableordering', table: '12', psp: 'waiter', sentToPos: false, storno: false, onlinePay: false });
    expect(draft.targetTime).toBeUndefined();
    expect(draft.pickupDate).toBeUndefined();
    expect(orderDraft.safeParse(draft).success).toBe(true);
  });

  it('in-house without online payment under self-service: paid on pickup (requirements#checkout-behaviour)', () => {
    const draft = buildOrderDraft({ ...base, flow: 'inhouse', table: '12', selfService: true, day: undefined, slot: undefined });
    expect(draft).toMatchObject({ usecase: 'selfservice', psp: 'beiAbholung', onlinePay: false });
    expect(orderDraft.safeParse(draft).success).toBe(true);
  });

  it('in-house online with tip: tip in paymentInfo, selfServiceEnabled, target now + 2 minutes, order area', () => {
    const draft = buildOrderDraft({
      ...base,
      flow: 'inhouseWithPayTip',
      table: '12',
      area: 'Terrasse',
      tip: 170,
      total: 1870,
      day: undefined,
      slot: undefined,
    });
    expect(draft).toMatchObject({
      usecase: 'tableordering',
      table: '12',
      orderArea: 'Terrasse',
      selfServiceEnabled: false,
      targetTime: NOW + 120_000,
      paymentInfo: { amount: 1870, itemsTotal: 1700, tip: 170 },
    });
    expect(draft.invoiceAddress).toBeUndefined();
    const withInvoice = buildOrderDraft({ ...base, flow: 'inhouseWithPay', table: '12', inhouseInvoiceVisible: true });
    expect(withInvoice.invoiceAddress).toEqual({ company: 'Muster GmbH', street: 'Lange Reihe 42', plz: '20099', city: 'Hamburg' });
  });

  it('mobile payment and digital: target now + 5 minutes, table 400 when none is set', () => {
    expect(buildOrderDraft({ ...base, flow: 'mobilePayment', area: 'Theke', selfService: true })).toMatchObject({
      usecase: 'inhouseMobilePayment',
      table: '400',
      orderArea: 'Theke',
      targetTime: NOW + 300_000,
    });
    expect(buildOrderDraft({ ...base, flow: 'digital' })).toMatchObject({
      usecase: 'digital',
      table: '400',
      pickupDate: '2025-06-10',
      targetTime: NOW + 300_000,
    });
  });

  it('refuses to build a takeaway order without a time or an in-house order without a table', () => {
    expect(() => buildOrderDraft({ ...base, slot: null })).toThrow(/pickup time/);
    expect(() => buildOrderDraft({ ...base, flow: 'inhouseWithPay' })).toThrow(/table/);
  });
});
