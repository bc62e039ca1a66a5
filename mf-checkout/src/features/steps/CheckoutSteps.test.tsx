import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@shop/shared/contract';
import type { FlowId } from '@shop/shared/domain/checkout-validation';
import { formatEuro } from '@shop/shared/domain/money';
import { parseInstant } from '@shop/shared/domain/wall-clock';
import { BROWSER_ID_KEY } from '@shop/shared/client';
import { de, fill } from '@shop/shared/i18n';
import { pathTo } from '@shop/shared/routes';
import {
  appDataStore,
  authStore,
  cartStore,
  descriptorStore,
  formDataStore,
  freshness,
  inhouseFormDataStore,
  selectedTimeStore,
  tableStore,
} from '@shop/shared/stores';
import { answerActions } from '@shop/shared/testing/actions';
import { testAppData } from '@shop/shared/testing/app-data';
import { answerOverlays, type ShellOverlays } from '@shop/shared/testing/overlays';
import { DEFAULT_TEST_INSTANT } from '@shop/shared/testing/instants';
import { testLine, testOrder } from '@shop/shared/testing/orders';
import { CheckoutRoute } from '../checkout/CheckoutRoute';

// The checkout's steps as a guest goes through them (docs/requirements.md#checkout-screens,
// #checkout-validation): which fields each flow asks for, that messages from the catalogue appear only
// after a first attempt and at their field, the minimum order, the time step, and the tip step only in
// the flow with tip. The real route, stores and action client (LoadCoupons answered at the fetch
// level); the clock pinned to the default test instant (Tuesday 12:07, the shop open 11–22).

const t = de.checkout;
const euro = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');

let shell: ShellOverlays;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: parseInstant(DEFAULT_TEST_INSTANT) });
  answerActions({ LoadCoupons: { coupons: [], offers: [] } });
  freshness.next({ ...freshness.getValue(), appconfig: true });
  appDataStore.set(testAppData());
  descriptorStore.next(null);
  authStore.next(null);
  tableStore.reset();
  formDataStore.reset();
  inhouseFormDataStore.reset();
  selectedTimeStore.reset();
  window.history.replaceState(null, '', '/');
  shell = answerOverlays();
});
afterEach(() => {
  shell.stop();
  vi.useRealTimers();
});

/** Opens a checkout with the cart (two Burritos, 21,00 € by default) once its context is loaded. */
async function openCheckout(flowId: FlowId, lines: CartLine[] = [testLine({ name: 'Burrito', price: 1050, count: 2 })]) {
  cartStore.set(lines);
  render(<CheckoutRoute flowId={flowId} />);
  await screen.findByTestId(`checkout-${flowId}`);
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** The message tied to a field (aria-describedby), or null. */
function errorOf(control: HTMLElement): string | null {
  const id = control.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}
const nextButton = () => screen.getByTestId('checkout-next');
async function next() {
  await act(async () => {
    fireEvent.click(nextButton());
  });
}
const stepHeading = () => screen.getByTestId('checkout-step-heading').textContent;
const stepLabels = () => screen.getAllByTestId(/^stepper-\d$/).map((li) => li.textContent?.replace(/^\d/, ''));

async function fillPickupData({ phone = '0151 2345678' }: { phone?: string } = {}) {
  type(t.name, 'Erika Mustermann');
  type(t.email, 'erika@example.org');
  type(t.phone, phone);
}

describe('the data step (component)', () => {
  it('shows no message before the first attempt; Weiter then names each missing field at the field and stays', async () => {
    await openCheckout('takeawayWithPay');
    expect(stepLabels()).toEqual([t.stepYourData, t.stepPickupTime, t.stepPayment]);
    expect(field(t.name).getAttribute('aria-invalid')).toBeNull();

    await next();
    expect(errorOf(field(t.name))).toBe(t.nameRequired);
    expect(errorOf(field(t.email))).toBe(t.emailInvalid);
    expect(field(t.name).getAttribute('aria-invalid')).toBe('true');
    // The phone is optional here: no message for an empty one.
    expect(errorOf(field(t.phone))).toBeNull();
    expect(stepHeading()).toContain(t.stepYourData);
  });

  it('after the first attempt the messages follow the input: a first name alone asks for the full name', async () => {
    await openCheckout('takeawayWithPay');
    await next();
    type(t.name, 'Erika');
    expect(errorOf(field(t.name))).toBe(t.nameFull);
    type(t.name, 'Erika Mustermann');
    expect(errorOf(field(t.name))).toBeNull();
    type(t.email, 'erika@example');
    expect(errorOf(field(t.email))).toBe(t.emailInvalid);
  });

  it('Firmenrechnung asks for the company address: company, house number and a postcode of at least 4 digits', async () => {
    await openCheckout('takeawayWithPay');
    expect(screen.queryByRole('textbox', { name: t.company })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: t.companyInvoice }));
    await fillPickupData();
    type(t.street, 'Lange Reihe');
    type(t.plz, '209');
    await next();
    expect(errorOf(field(t.company))).toBe(t.companyRequired);
    expect(errorOf(field(t.street))).toBe(t.houseNumberMissing);
    expect(errorOf(field(t.plz))).toBe('Die Postleitzahl ist zu kurz');
    type(t.plz, '2009a');
    expect(errorOf(field(t.plz))).toBe(t.plzNumeric);
    expect(stepHeading()).toContain(t.stepYourData);
  });

  it('paying at pickup needs the mobile number: required, then long enough', async () => {
    await openCheckout('takeaway');
    expect(stepLabels()).toEqual([t.stepPersonalData, t.stepPickupTime, t.stepPlaceOrder]);
    await fillPickupData({ phone: '' });
    await next();
    expect(errorOf(field(t.phone))).toBe(t.phoneRequired);
    type(t.phone, '0151 23');
    expect(errorOf(field(t.phone))).toBe(t.phoneTooShort);
    expect(stepHeading()).toContain(t.stepPersonalData);
  });

  it('delivery checks the invoice address and delivers only to the listed postcodes; another delivery address has the same rules', async () => {
    await openCheckout('delivery');
    // The branch's postcode and city are filled in.
    expect((field(t.plz) as HTMLInputElement).value).toBe('20099');
    expect((field(t.city) as HTMLInputElement).value).toBe('Hamburg');
    await fillPickupData({ phone: '' });
    type(t.plz, '209');
    await next();
    expect(errorOf(field(t.phone))).toBe(t.telephoneRequired);
    expect(errorOf(field(t.street))).toBe(t.streetRequired);
    expect(errorOf(field(t.plz))).toBe('Die Postleitzahl ist zu kurz');
    type(t.plz, '22767');
    expect(errorOf(field(t.plz))).toBe('Eioe Lieferung an diese Adresse ist nicht möglich');
    type(t.plz, '20095');
    expect(errorOf(field(t.plz))).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: t.sameAddress }));
    const delivery = within(screen.getByRole('group', { name: t.deliveryAddress }));
    expect(errorOf(delivery.getByRole('textbox', { name: t.street }))).toBe(t.streetRequired);
    expect(errorOf(delivery.getByRole('textbox', { name: t.plz }))).toBe(t.plzRequired);
  });

  it('below the delivery minimum it says so at once; Weiter, the address still empty, informs and returns to the cart', async () => {
    await openCheckout('delivery', [testLine({ name: 'Burrito', price: 1050 })]);
    const minimum = fill(t.minOrder, { amount: formatEuro(testAppData().appconfig.delivery.minOrderAmount) });
    expect(euro(minimum)).toBe('Bitte beachte den Mindestbestellwert von 20,00 €');
    expect(screen.getByTestId('checkout-min-order').textContent).toBe(minimum);
    await next();
    expect(shell.requests).toContainEqual(expect.objectContaining({ kind: 'info', title: minimum }));
    expect(window.location.pathname).toBe(pathTo('Korb'));
  });

  it('at the table the minimum does not apply: one step, paid to the waiter, no mobile number asked', async () => {
    tableStore.set({ table: '12' });
    await openCheckout('inhouse', [testLine({ name: 'Limo', type: 'drink', price: 350 })]);
    expect(screen.getByTestId('checkout-headline').textContent).toBe('Bestellung für Tisch 12');
    expect(screen.queryByTestId('checkout-min-order')).toBeNull();
    expect(stepLabels()).toEqual([t.stepOrderData]);
    expect(nextButton().textContent).toBe(t.placeOrder);
    expect(screen.getByText(t.payToWaiterInfo)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: t.phone })).toBeNull();
  });
});

describe('the time step (component)', () => {
  it('valid data leads to the pickup time: today first, where to pick up; Weiter without a time says what is missing', async () => {
    await openCheckout('takeaway');
    await fillPickupData();
    await next();
    expect(stepHeading()).toContain(t.stepPickupTime);
    const day = screen.getByRole<HTMLSelectElement>('combobox', { name: t.day });
    expect([...day.options].map((o) => o.textContent)).toEqual([t.today, t.tomorrow]);
    const time = screen.getByRole<HTMLSelectElement>('combobox', { name: t.time });
    // Today's first slot lies beyond the preparation delay (15 min after 12:07), in 5-minute steps.
    expect(time.options[1]!.textContent).toBe('ca. 12:25 Uhr');
    expect(screen.getByTestId('pickup-address').textContent).toBe(`${t.pickupAt} ${testAppData().branch.pickupAddress}`);

    await next();
    expect(errorOf(time)).toBe(t.choosePickupTime);
    fireEvent.change(time, { target: { value: time.options[1]!.value } });
    expect(errorOf(screen.getByRole('combobox', { name: t.time }))).toBeNull();
    await next();
    expect(stepHeading()).toContain(t.stepPlaceOrder);
    expect(screen.getByText('ca. 12:25 Uhr', { exact: false })).toBeTruthy();
    expect(
      within(screen.getByTestId('pay-on-site-info'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(t.payAtPickupMethods);
    // The order button waits for the human check (ADR 0014).
    expect(nextButton().textContent).toBe(t.placeOrder);
    expect(nextButton().hasAttribute('disabled')).toBe(true);
  });

  it('a day without slots reads "Heute geschlossen" and its time cannot be chosen; delivery asks for a delivery time', async () => {
    const closedToday = testAppData();
    const tuesday = { ...closedToday.appconfig.delivery.openingHours['2'], opened: false, a: { fromHour: -1, fromMinute: 0, tillHour: -1, tillMinute: 0 } };
    appDataStore.set(
      testAppData({ delivery: { ...closedToday.appconfig.delivery, openingHours: { ...closedToday.appconfig.delivery.openingHours, '2': tuesday } } }),
    );
    await openCheckout('delivery');
    await fillPickupData();
    type(t.street, 'Lange Reihe 42');
    await next();
    expect(stepHeading()).toContain(t.stepDeliveryTime);
    const day = screen.getByRole<HTMLSelectElement>('combobox', { name: t.day });
    expect([...day.options].map((o) => o.textContent)).toEqual([t.todayClosed, t.tomorrow]);
    // The first open day is chosen.
    expect(day.value).toBe('tomorrow');
    fireEvent.change(day, { target: { value: 'today' } });
    const time = screen.getByRole<HTMLSelectElement>('combobox', { name: t.time });
    expect(time.disabled).toBe(true);
    await next();
    expect(errorOf(screen.getByRole('combobox', { name: t.time }))).toBe(t.chooseDeliveryTime);
    expect(stepHeading()).toContain(t.stepDeliveryTime);
  });
  it('online takeaway: the chosen time saves the order once, with the guest and the time, then the payment is chosen', async () => {
    window.localStorage.setItem(BROWSER_ID_KEY, 'browser-test-0000-0000-0001');
    const server = answerActions({
      LoadCoupons: { coupons: [], offers: [] },
      SaveNewOrder: ({ order }) => {
        const saved = testOrder({ ...order, state: 'AwaitingPayment', uniqueOrderId: 'o-77', total: order.paymentInfo.amount });
        return { order: saved, uniqueOrderId: saved.uniqueOrderId, duplicate: false, accessToken: 'token-o-77' };
      },
    });
    await openCheckout('takeawayWithPay');
    await fillPickupData();
    await next();
    const time = screen.getByRole<HTMLSelectElement>('combobox', { name: t.time });
    fireEvent.change(time, { target: { value: time.options[1]!.value } });
    await next();

    expect(await screen.findByRole('radiogroup', { name: t.choosePaymentMethod })).toBeTruthy();
    expect(stepHeading()).toContain(t.stepPayment);
    const [saved, ...more] = server.payloadsOf('SaveNewOrder');
    expect(more).toEqual([]);
    expect(saved!.order).toMatchObject({
      usecase: 'takeaway',
      onlinePay: true,
      userInfo: { name: 'Erika Mustermann', email: 'erika@example.org' },
      targetTime: Number(time.options[1]!.value),
      paymentInfo: { amount: 2149, itemsTotal: 2100 },
    });
  });
});

describe('the tip (component)', () => {
  it('is a step of the in-house flow with tip only: Weiter waits for valid data, then 0/5/10/15 %, 5 % chosen, added to the total', async () => {
    tableStore.set({ table: '12' });
    await openCheckout('inhouseWithPayTip');
    expect(stepLabels()).toEqual([t.stepYourOrderData, t.stepTip, t.stepPayment]);
    expect(screen.getByRole('textbox', { name: t.nameRequiredMark })).toBeTruthy();
    expect(nextButton().hasAttribute('disabled')).toBe(true);
    type(t.nameRequiredMark, 'Erika');
    // The tip flow checks while the guest types.
    expect(errorOf(field(t.nameRequiredMark))).toBe(t.nameFull);
    type(t.nameRequiredMark, 'Erika Mustermann');
    type(t.emailRequiredMark, 'erika@example.org');
    expect(nextButton().hasAttribute('disabled')).toBe(false);
    await next();

    expect(stepHeading()).toContain(t.stepTip);
    const tips = within(screen.getByRole('radiogroup', { name: t.tipTitle })).getAllByRole('radio');
    expect(tips.map((r) => r.textContent)).toEqual(['0 %', '5 %', '10 %', '15 %']);
    expect(tips.map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false', 'false']);
    // 5 % of what the guest pays before the tip: 21,00 € of goods and the online service fee of 0,49 €.
    expect(euro(screen.getByTestId('tip-amount').textContent)).toBe('Trinkgeld: 1,07 €');
    expect(euro(screen.getByTestId('sum-tip').textContent)).toBe(`${t.tipLine}1,07 €`);
    expect(euro(screen.getByTestId('checkout-total').textContent)).toBe('22,56 €');

    fireEvent.click(screen.getByRole('radio', { name: '10 %' }));
    expect(screen.getByRole('radio', { name: '10 %' }).getAttribute('aria-checked')).toBe('true');
    expect(euro(screen.getByTestId('checkout-total').textContent)).toBe('23,64 €');
    fireEvent.click(screen.getByRole('radio', { name: '0 %' }));
    expect(screen.queryByTestId('sum-tip')).toBeNull();
    expect(euro(screen.getByTestId('checkout-total').textContent)).toBe('21,49 €');
  });

  it('the in-house online flow without tip goes from the data straight to the payment, the total without a tip', async () => {
    tableStore.set({ table: '12' });
    await openCheckout('inhouseWithPay');
    expect(stepLabels()).toEqual([t.stepYourData, t.stepPayment]);
    expect(screen.queryByTestId('step-tip')).toBeNull();
    expect(screen.queryByTestId('sum-tip')).toBeNull();
  });
});
