import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedOrder } from '@shop/shared/contract';
import { parseInstant } from '@shop/shared/domain/wall-clock';
import { orders as texts } from '@shop/shared/i18n/orders';
import { DEFAULT_TEST_INSTANT } from '@shop/shared/testing/instants';
import { testLine, testOrder } from '@shop/shared/testing/orders';
import { OrderCard } from './OrderCard';

// One order on the kitchen board (docs/requirements.md#kitchen-board): which buttons its state offers
// and where — "Annehmen" on the left, the next step ("Fertig", "Abgeholt") on the right, what ends an
// order in a row of its own —, an allergy note highlighted, table and pickup orders told apart.
// The test orders are placed at 12:07 (Tuesday) and the clock stands there.

const AT_1230 = Date.parse('2026-11-24T12:30:00+01:00');
const burrito = testLine({ name: 'Burrito', price: 1050 });
const limo = testLine({ name: 'Limo', type: 'drink', price: 350 });

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: parseInstant(DEFAULT_TEST_INSTANT) }));
afterEach(() => vi.useRealTimers());

function renderCard(order: SavedOrder, props: Partial<Parameters<typeof OrderCard>[0]> = {}) {
  const onAction = vi.fn();
  const { unmount } = render(
    <ul>
      <OrderCard order={order} busy={false} onAction={onAction} {...props} />
    </ul>,
  );
  return { card: screen.getByTestId('board-order'), onAction, unmount };
}

const buttonNames = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('button')
    .map((b) => b.textContent);
/** The card's buttons by place: the main row's left and right groups, and the row of their own below (board.module.css). */
function rows(card: HTMLElement) {
  const main = card.querySelector<HTMLElement>('.actions');
  const [left = [], right = []] = main ? [...main.children].map((group) => buttonNames(group as HTMLElement)) : [];
  const end = card.querySelector<HTMLElement>('.endActions');
  return { left, right, end: end ? buttonNames(end) : [] };
}

describe('a kitchen board card (component)', () => {
  it('a new order offers only "Annehmen" on the left, "Ablehnen" in a row of its own, no ready step yet', () => {
    const { card } = renderCard(testOrder({ orderData: [burrito], targetTime: AT_1230, psp: 'beiAbholung' }));
    expect(rows(card)).toEqual({ left: [texts.boardConfirm], right: [], end: [texts.boardReject] });
    expect(within(card).queryByRole('button', { name: texts.boardReady })).toBeNull();
    expect(within(card).queryByRole('button', { name: texts.boardCollected })).toBeNull();
    expect(within(card).getByTestId('board-order-state').textContent).toBe('Eingegangen');
  });

  it('an accepted order: "Fertig" on the right, "Abgeholt" and "Stornieren" apart below; no more "Annehmen" or "Ablehnen"', () => {
    const { card } = renderCard(testOrder({ state: 'Confirmed', orderData: [burrito] }));
    expect(rows(card)).toEqual({ left: [], right: [texts.boardReady], end: [texts.boardCollected, texts.boardCancel] });
  });

  it('food and drinks are readied apart; a ready part is said in the card and its button goes', () => {
    const order = testOrder({ state: 'Confirmed', orderData: [burrito, limo] });
    const first = renderCard(order);
    expect(rows(first.card).right).toEqual([texts.boardReadyFood, texts.boardReadyDrinks]);
    first.unmount();

    const { card } = renderCard({ ...order, abholbereit: true });
    expect(rows(card).right).toEqual([texts.boardReadyDrinks]);
    expect(card.textContent).toContain(`${texts.progressPartFood}: ${texts.statusReady}`);
  });

  it('a ready order offers "Abgeholt" where "Fertig" was', () => {
    const { card } = renderCard(testOrder({ state: 'Ready', abholbereit: true, orderData: [burrito] }));
    expect(rows(card)).toEqual({ left: [], right: [texts.boardCollected], end: [texts.boardCancel] });
  });

  it('a finished order offers nothing to press', () => {
    const { card } = renderCard(testOrder({ state: 'Collected', orderData: [burrito] }), { onPrint: vi.fn() });
    expect(buttonNames(card)).toEqual([]);
  });

  it('a button reports its action for the order (printing too); while the order is busy every action is disabled', () => {
    const order = testOrder({ state: 'Confirmed', orderData: [burrito] });
    const onPrint = vi.fn();
    const first = renderCard(order, { onPrint });
    fireEvent.click(within(first.card).getByRole('button', { name: texts.boardReady }));
    expect(first.onAction).toHaveBeenCalledWith(order, 'ready');
    // An open order can be printed as a kitchen ticket.
    fireEvent.click(within(first.card).getByRole('button', { name: texts.boardPrint }));
    expect(onPrint).toHaveBeenCalledWith(order);
    first.unmount();

    const { card, onAction } = renderCard(order, { busy: true });
    const buttons = within(card).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([texts.boardReady, texts.boardCollected, texts.boardCancel]);
    expect(buttons.every((b) => b.hasAttribute('disabled'))).toBe(true);
    fireEvent.click(within(card).getByRole('button', { name: texts.boardReady }));
    expect(onAction).not.toHaveBeenCalled();
  });

  it('highlights a note that mentions an allergy, in the order note or on a line; an ordinary note is not highlighted', () => {
    const withNote = renderCard(testOrder({ orderData: [burrito], note: 'Bitte ohne Erdnüsse, Allergie!' }));
    expect(withNote.card.dataset.allergy).toBe('true');
    expect(within(withNote.card).getByTestId('board-allergy').textContent).toBe(texts.boardAllergyNote);
    expect(within(withNote.card).getByText('„Bitte ohne Erdnüsse, Allergie!“').className).toContain('allergyNote');
    withNote.unmount();

    const onLine = renderCard(testOrder({ orderData: [testLine({ name: 'Burrito', price: 1050, notes: 'laktosefrei bitte' })] }));
    expect(onLine.card.dataset.allergy).toBe('true');
    onLine.unmount();

    const ordinary = renderCard(testOrder({ orderData: [burrito], note: 'Bitte extra scharf' }));
    expect(ordinary.card.dataset.allergy).toBeUndefined();
    expect(within(ordinary.card).queryByTestId('board-allergy')).toBeNull();
    expect(within(ordinary.card).getByText('„Bitte extra scharf“').className).not.toContain('allergyNote');
  });

  it('a table order names its table and when it was placed; a pickup order its mode, the wanted time and the phone', () => {
    const table = renderCard(
      testOrder({ usecase: 'tableordering', table: '12', orderData: [burrito], psp: 'waiter', userInfo: { name: 'Erika', phone: '0151 2345678' } }),
    );
    expect(table.card.textContent).toContain('Tisch 12 · Erika');
    expect(within(table.card).getByTestId('board-order-time').textContent).toBe('bestellt 12:07 Uhr');
    expect(within(table.card).getByTestId('board-order-payment').textContent).toBe('Zahlung: beim Kellner');
    expect(within(table.card).queryByText(/^Tel\./)).toBeNull();
    table.unmount();

    const pickup = renderCard(testOrder({ orderData: [burrito], targetTime: AT_1230, psp: 'beiAbholung', userInfo: { name: 'Erika', phone: '0151 2345678' } }));
    expect(pickup.card.textContent).toContain('Abholung · Erika');
    expect(pickup.card.textContent).not.toContain('Tisch');
    expect(within(pickup.card).getByTestId('board-order-time').textContent).toBe('für 12:30 Uhr');
    expect(within(pickup.card).getByTestId('board-order-payment').textContent).toBe('Zahlung: Bei Abholung');
    expect(within(pickup.card).getByText('Tel. 0151 2345678')).toBeTruthy();
  });

  it('a ticket order reads "Tickets" and, with neither food nor drinks to make, has one ready step', () => {
    const ticket = testLine({ name: 'Konzertkarte', type: 'ticket', price: 2500 });
    const { card } = renderCard(
      testOrder({ usecase: 'digital', state: 'Confirmed', onlinePay: true, authCompleted: true, captured: true, psp: 'credit', orderData: [ticket] }),
    );
    expect(card.textContent).toContain(`${texts.usecaseLabels.digital} · `);
    expect(rows(card).right).toEqual([texts.boardReady]);
    expect(within(card).getByTestId('board-order-payment').textContent).toBe(texts.boardPaidOnline);
  });

  it('tells an authorized online payment from a captured one', () => {
    const order = testOrder({ state: 'Confirmed', orderData: [burrito], onlinePay: true, authCompleted: true, psp: 'paypal' });
    const authorized = renderCard(order);
    expect(within(authorized.card).getByTestId('board-order-payment').textContent).toBe(texts.boardAuthorizedOnline);
    authorized.unmount();
    const captured = renderCard({ ...order, captured: true });
    expect(within(captured.card).getByTestId('board-order-payment').textContent).toBe(texts.boardPaidOnline);
  });

  it('"Wir sind fertig" from the table is a fact to see, with "Gesehen" while this board has not marked it', () => {
    const order = testOrder({ usecase: 'tableordering', table: '4', state: 'Confirmed', orderData: [burrito], allReady: true });
    const onSeen = vi.fn();
    const { card } = renderCard(order, { onSeen });
    const fact = within(card).getByText(texts.boardAllReady, { exact: false }).closest('li')!;
    expect(fact.dataset.strong).toBe('true');
    fireEvent.click(within(fact).getByRole('button', { name: texts.boardAllReadySeen }));
    expect(onSeen).toHaveBeenCalledWith(order);
  });
});
