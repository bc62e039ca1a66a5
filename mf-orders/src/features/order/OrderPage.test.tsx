import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedOrder } from '@shop/shared/contract';
import { parseInstant } from '@shop/shared/domain/wall-clock';
import { orders as texts } from '@shop/shared/i18n/orders';
import { pathTo, ROUTES } from '@shop/shared/routes';
import { appDataStore, descriptorStore, lastOrdersStore } from '@shop/shared/stores';
import { emit, on } from '@shop/shared/bus';
import { answerActions, type ActionServer } from '@shop/shared/testing/actions';
import { TEST_BRANCH, testAppData } from '@shop/shared/testing/app-data';
import { answerOverlays, type ShellOverlays } from '@shop/shared/testing/overlays';
import { DEFAULT_TEST_INSTANT } from '@shop/shared/testing/instants';
import { testLine, testOrder } from '@shop/shared/testing/orders';
import { OrderPage } from './OrderPage';

// The guest's order page (docs/requirements.md#order-page, spec "Content by situation") in each state
// an order passes: waiting for its payment, passed to the till, accepted, ready, collected or served,
// and ended (expired, cancelled, rejected); table orders in table words, pickup orders in pickup words.
// The order is on this device (lastOrdersStore) and the server answers LoadDocs with its copy; the
// clock stands at the test orders' 12:07 (Tuesday 24 Nov 2026).

const MIN = 60_000;
const T0 = parseInstant(DEFAULT_TEST_INSTANT);
const burrito = testLine({ name: 'Burrito', price: 1050 });
const limo = testLine({ name: 'Limo', type: 'drink', price: 350 });

let server: ActionServer;
let shell: ShellOverlays;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: T0 });
  appDataStore.set(testAppData());
  // Every host's descriptor names its branch's pickup address: a page must not offer it where nothing is picked up.
  descriptorStore.next({
    host: 'hamburg.localhost',
    branch: TEST_BRANCH,
    features: {},
    remotes: {},
    shell: 'local',
    preview: false,
    payments: { mode: 'test' },
  });
  lastOrdersStore.reset();
  shell = answerOverlays();
});
afterEach(() => {
  shell.stop();
  vi.useRealTimers();
});

/** Opens /Bestellung/o-1 with the order as this device knows it and as the server answers it (null: not there yet). */
async function openOrder(onDevice: SavedOrder, onServer: SavedOrder | null = onDevice) {
  lastOrdersStore.set([onDevice]);
  server = answerActions({ LoadDocs: { docs: onServer ? [onServer] : [] } });
  const path = pathTo('Bestellung', { uniqueOrderId: onDevice.uniqueOrderId });
  window.history.replaceState(null, '', path);
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={ROUTES.Bestellung.path} element={<OrderPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => expect(server.payloadsOf('LoadDocs')).toHaveLength(1));
  return view;
}

const message = () => screen.getByTestId('order-status-message').textContent;
const steps = () => screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-step'));
const lastStepLabel = () => steps()[3]!.textContent;
/** Waits until the page shows the server's answer (the page shows the copy on this device before). */
const confirmed = () => waitFor(() => expect(screen.getByTestId('order-status').dataset.confirmed).toBe('true'));

const pickup = (overrides: Parameters<typeof testOrder>[0] = {}) =>
  testOrder({
    orderData: [burrito],
    targetTime: T0 + 23 * MIN,
    psp: 'beiAbholung',
    abholAdresse: TEST_BRANCH.pickupAddress,
    sentToPos: true,
    history: [{ state: 'New', at: T0 }],
    ...overrides,
  });
const atTable = (overrides: Parameters<typeof testOrder>[0] = {}) =>
  testOrder({ usecase: 'tableordering', table: '12', orderData: [burrito], psp: 'waiter', sentToPos: true, history: [{ state: 'New', at: T0 }], ...overrides });

describe('the order page (component)', () => {
  it('an order still waiting for its online payment is not shown: the page goes to the start', async () => {
    const unpaid = testOrder({ state: 'AwaitingPayment', onlinePay: true, directPay: true, orderData: [burrito] });
    await openOrder(unpaid);
    await waitFor(() => expect(window.location.pathname).toBe(pathTo('Home')));
  });

  it('a pickup order not yet at the till says it is being passed on; thanks, number, pickup time and place', async () => {
    await openOrder(pickup({ sentToPos: false }));
    await confirmed();
    expect(message()).toBe(texts.thanks);
    expect(screen.getByTestId('order-number').textContent).toBe(`${texts.orderNumber} 1001`);
    expect(screen.getByTestId('order-transmitting').textContent).toBe(texts.transmitting);
    expect(screen.getByTestId('order-preorder').textContent).toBe('Vorbestellung für 12:30 Uhr');
    expect(screen.getByTestId('order-pickup-place').textContent).toBe(`${texts.pickupPlace}: ${TEST_BRANCH.pickupAddress}`);
    expect(screen.getByTestId('order-payment').textContent).toBe(`${texts.payment}${texts.paymentLabels.beiAbholung}`);
  });

  it('before the server answers, the progress is already in its place; its last line turns from "being passed on" to "updates automatically" in place', async () => {
    const order = pickup();
    await openOrder(order, null);
    const progress = screen.getByTestId('order-progress');
    expect(screen.getByTestId('order-status').dataset.confirmed).toBe('false');
    expect(screen.getByTestId('order-transmitting').textContent).toBe(texts.transmitting);
    // The server has it now and says so (a live update).
    server.answers.LoadDocs = { docs: [order] };
    emit('orders:order-updated', { uniqueOrderId: order.uniqueOrderId });
    await confirmed();
    expect(screen.getByTestId('order-progress')).toBe(progress);
    expect(screen.queryByTestId('order-transmitting')).toBeNull();
    expect(progress.parentElement!.textContent).toContain(texts.live);
  });

  it('an accepted pickup order: received and accepted done, ready next, no banner, nothing "being passed on"', async () => {
    await openOrder(
      pickup({
        state: 'Confirmed',
        history: [
          { state: 'New', at: T0 },
          { state: 'Confirmed', at: T0 + 2 * MIN },
        ],
      }),
    );
    await confirmed();
    expect(steps().map((li) => li.dataset.done)).toEqual(['true', 'true', 'false', 'false']);
    expect(steps()[2]!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('order-status-live').textContent).toBe(`${texts.progressTitle}: ${texts.progressSteps.accepted}`);
    expect(screen.queryByTestId('order-ready')).toBeNull();
    expect(screen.queryByTestId('order-transmitting')).toBeNull();
    expect(lastStepLabel()).toContain(texts.progressSteps.handedOver);
  });

  it('a ready pickup order shows the banner; seen turning ready on this page, it asks the guest to pick it up', async () => {
    const accepted = pickup({
      state: 'Confirmed',
      history: [
        { state: 'New', at: T0 },
        { state: 'Confirmed', at: T0 + 2 * MIN },
      ],
    });
    const ready = { ...accepted, state: 'Ready' as const, abholbereit: true, foodReadyAt: T0 + 14 * MIN };
    await openOrder(accepted, ready);
    const banner = await screen.findByTestId('order-ready');
    expect(banner.textContent).toBe(`${texts.orderReady}Bestellnummer 1001`);
    // It floats at the bottom edge, after the order's content, which it never pushes down.
    const dock = banner.closest('[data-fixed-layer="bottom-float"]')!;
    expect(dock).not.toBeNull();
    expect(screen.getByTestId('order-lines').compareDocumentPosition(dock) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(shell.requests).toContainEqual(expect.objectContaining({ kind: 'info', title: texts.foodReadyDialog })));
    expect(shell.requests.find((o) => o.kind === 'info')).toMatchObject({ text: 'Summe: 10,50\u00a0€ · Bestellnummer 1001' });
  });

  it('a self-service order turning ready draws its full-screen overlay before it asks the shell for the ready dialog, which opens on top', async () => {
    const accepted = pickup({
      selfServiceEnabled: true,
      state: 'Confirmed',
      history: [
        { state: 'New', at: T0 },
        { state: 'Confirmed', at: T0 + 2 * MIN },
      ],
    });
    const ready = { ...accepted, abholbereit: true, foodReadyAt: T0 + 14 * MIN };
    // Whether the overlay was on the page when the ready dialog was asked for (the shell's dialog would otherwise open beneath it).
    let overlayDrawnFirst: boolean | undefined;
    const asked = on('shell:overlay').subscribe((request) => {
      if (request.kind === 'info') overlayDrawnFirst ??= screen.queryByTestId('order-ready-overlay') !== null;
    });
    await openOrder(accepted, ready);
    await waitFor(() => expect(overlayDrawnFirst).toBeDefined());
    asked.unsubscribe();
    expect(overlayDrawnFirst).toBe(true);
    expect(screen.getByTestId('order-ready-overlay').textContent).toContain(texts.foodReadyOverlay);
  });

  it('a collected pickup order says when it was picked up; the banner and the pickup time are gone', async () => {
    await openOrder(pickup({ state: 'Collected', abholbereit: true, collectedAt: T0 + 20 * MIN }));
    await confirmed();
    expect(screen.getByTestId('order-collected').textContent).toBe('Abgeholt um 12:27 Uhr');
    expect(screen.queryByTestId('order-preorder')).toBeNull();
    expect(screen.queryByTestId('order-ready')).toBeNull();
    expect(steps().every((li) => li.dataset.done === 'true')).toBe(true);
  });

  it('a table order speaks of serving at the table, never of picking up; the table can say "Wir sind fertig"', async () => {
    const accepted = atTable({
      state: 'Confirmed',
      history: [
        { state: 'New', at: T0 },
        { state: 'Confirmed', at: T0 + MIN },
      ],
    });
    await openOrder(accepted, { ...accepted, abholbereit: true, foodReadyAt: T0 + 9 * MIN });
    await confirmed();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tisch 12');
    expect(message()).toBe(texts.servedAtTable);
    expect(lastStepLabel()).toContain(texts.progressHandedOverTable);
    expect(screen.queryByTestId('order-pickup-place')).toBeNull();
    expect(screen.queryByTestId('order-preorder')).toBeNull();
    expect(screen.getByTestId('order-payment').textContent).toBe(`${texts.payment}${texts.paymentLabels.waiter}`);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: texts.allReadyButton }).disabled).toBe(false);
    // Food ready at a table: it comes to the table, it is not "abholbereit".
    await waitFor(() => expect(shell.requests).toContainEqual(expect.objectContaining({ kind: 'info', title: texts.tableFoodReadyDialog })));
    expect(shell.requests.some((o) => o.kind === 'info' && o.title === texts.foodReadyDialog)).toBe(false);
  });

  it('"Wir sind fertig" is in its place from the first paint and can be pressed once the server has the order', async () => {
    const order = atTable();
    await openOrder(order, null);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: texts.allReadyButton });
    expect(button.disabled).toBe(true);
    server.answers.LoadDocs = { docs: [order] };
    emit('orders:order-updated', { uniqueOrderId: order.uniqueOrderId });
    await confirmed();
    expect(button.disabled).toBe(false);
  });

  it('an in-house order without a table says it is being prepared, for its order area', async () => {
    await openOrder(atTable({ table: undefined, orderArea: 'Terrasse' }));
    await confirmed();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(texts.beingPrepared);
    expect(screen.getByText('Bestellung für Terrasse')).toBeTruthy();
    expect(screen.queryByText(texts.servedAtTable)).toBeNull();
  });

  it('a delivery gives its day and time, no pickup place, and ends with "Geliefert"', async () => {
    await openOrder(testOrder({ usecase: 'delivery', orderData: [burrito, limo], targetTime: T0 + 53 * MIN, sentToPos: true }));
    await confirmed();
    expect(screen.getByTestId('order-delivery-time').textContent).toBe('Lieferung für Dienstag, 24. Nov., ca. 13:00 Uhr');
    expect(lastStepLabel()).toContain(texts.progressHandedOverDelivery);
    expect(screen.queryByTestId('order-pickup-place')).toBeNull();
    expect(screen.getByTestId('order-progress-food')).toBeTruthy();
    expect(screen.getByTestId('order-progress-drinks')).toBeTruthy();
  });

  it('a ticket order says the tickets come by e-mail, and never "Abgeholt um"', async () => {
    const ticket = testLine({ name: 'Konzertkarte', type: 'ticket', price: 2500 });
    await openOrder(
      testOrder({
        usecase: 'digital',
        state: 'Collected',
        onlinePay: true,
        authCompleted: true,
        captured: true,
        psp: 'credit',
        orderData: [ticket],
        userInfo: { name: 'Erika Mustermann', email: 'erika@example.org' },
        history: [{ state: 'Collected', at: T0 + MIN }],
      }),
    );
    await confirmed();
    expect(screen.getByText('Deine Tickets schicken wir an deine E-Mail-Adresse erika@example.org.')).toBeTruthy();
    expect(screen.queryByTestId('order-collected')).toBeNull();
    expect(lastStepLabel()).toContain(texts.progressHandedOverTickets);
  });

  it('an expired order says it was not paid in time and nothing was charged; no progress, no tick', async () => {
    await openOrder(testOrder({ state: 'Expired', onlinePay: true, orderData: [burrito] }));
    await confirmed();
    expect(screen.getByTestId('order-status').dataset.situation).toBe('expired');
    expect(message()).toBe(texts.expiredTitle);
    expect(screen.getByText(texts.expiredText)).toBeTruthy();
    expect(screen.getByTestId('order-money').textContent).toBe(texts.moneyNotCharged);
    expect(screen.getByTestId('order-payment').textContent).toBe(`${texts.payment}${texts.paymentStateCancelled}`);
    expect(screen.queryByTestId('order-progress')).toBeNull();
  });

  it('a cancelled order gives the reason, the cancelled items and what happens to an authorized payment', async () => {
    const cancelled = testOrder({
      state: 'Cancelled',
      onlinePay: true,
      authCompleted: true,
      psp: 'credit',
      orderData: [burrito, limo],
      cancelReason: 'Küche ausgelastet',
      stornoAmounts: [{ countRemoved: 1, name: 'Limo', amountRemoved: 350 }],
    });
    await openOrder(cancelled);
    await confirmed();
    expect(screen.getByTestId('order-status').dataset.situation).toBe('cancelled');
    expect(message()).toBe(texts.cancelledTitle);
    expect(screen.getByTestId('order-ended-reason').textContent).toBe(`${texts.cancelReason}: Küche ausgelastet`);
    expect(screen.getByText(texts.paymentCancelled)).toBeTruthy();
    expect(screen.getByTestId('order-money').textContent).toBe(texts.moneyReleasing);
    const storno = screen.getByTestId('order-storno');
    expect(within(storno).getByRole('heading').textContent).toBe(texts.alreadyCancelledItems);
    expect(within(storno).getByRole('listitem').textContent).toBe('1× Limo 3,50\u00a0€');
    expect(screen.queryByTestId('order-progress')).toBeNull();
    expect(screen.queryByTestId('order-ready')).toBeNull();
  });

  it('a rejected order names the reason as "Ablehnungsgrund"', async () => {
    await openOrder(testOrder({ state: 'Rejected', orderData: [burrito], rejectReason: 'Wir schließen gleich' }));
    await confirmed();
    expect(screen.getByTestId('order-status').dataset.situation).toBe('rejected');
    expect(message()).toBe(texts.rejectedTitle);
    expect(screen.getByTestId('order-reject-reason').textContent).toBe(`${texts.rejectReason}Wir schließen gleich`);
    expect(screen.queryByTestId('order-progress')).toBeNull();
  });
});
