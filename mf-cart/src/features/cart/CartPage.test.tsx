import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { menuCategory, type CartLine, type MenuItemInput } from '@shop/shared/contract';
import { item } from '@shop/shared/domain/cart-test-fixtures';
import { de, fill } from '@shop/shared/i18n';
import { appDataStore, cartLockStore, cartStore, drinkMenuStore, foodMenuStore, freshness, orderModeStore } from '@shop/shared/stores';
import { answerActions } from '@shop/shared/testing/actions';
import { testAppData } from '@shop/shared/testing/app-data';
import { answerOverlays, type ShellOverlays } from '@shop/shared/testing/overlays';
import { testLine } from '@shop/shared/testing/orders';
import { restoreCart } from '../../data/commands';
import { CartPage } from './CartPage';

// The cart screen's lines (docs/requirements.md#screens Cart screen): +/- up to 99, removing a line,
// a line whose item sold out meanwhile, the note per line, the restore lock, and when "Zur Kasse" can
// be pressed. The real stores and the cart's own commands; LoadCoupons answered at the fetch level.

const t = de.cart;
const euro = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');

let shell: ShellOverlays;

/** The loaded menus: the lines' items as the current menu has them. */
function menuWith(...items: (Partial<MenuItemInput> & { id: string })[]) {
  foodMenuStore.set({ menu: [menuCategory.parse({ id: 'burritos', categoryDE: 'Burritos', type: 'food', items: items.map(item) })], lastModified: 1 });
}

beforeEach(() => {
  answerActions({ LoadCoupons: { coupons: [], offers: [] } });
  // The page's data is on the device and fresh: no menu or app config is fetched.
  freshness.next({ appconfig: true, food: true, drink: true });
  appDataStore.set(testAppData());
  menuWith({ id: 'Burrito' }, { id: 'Limo' });
  drinkMenuStore.set({ menu: [], lastModified: 1 });
  orderModeStore.set('takeaway');
  cartLockStore.next(0);
  shell = answerOverlays();
});
afterEach(() => shell.stop());

function renderCart(...lines: CartLine[]) {
  cartStore.set(lines);
  return render(<CartPage />);
}

const row = (name: string) => screen.getAllByTestId('cart-line').find((r) => within(r).getByTestId('cart-line-name').textContent?.startsWith(name))!;
const countOf = (name: string) => Number(within(row(name)).getByText(/^\d+$/).textContent);
const lineTotal = (name: string) => euro(within(row(name)).getByTestId('cart-line-total').textContent);
const increase = (name: string) => within(row(name)).getByRole('button', { name: t.increase });
const decrease = (name: string) => within(row(name)).getByRole('button', { name: t.decrease });
const checkout = () => screen.getByRole('button', { name: t.checkout });

describe('the cart lines (component)', () => {
  it('+ and − change the count and the line total; − stops at 1', () => {
    renderCart(testLine({ name: 'Burrito', price: 1050, count: 2 }));
    fireEvent.click(increase('Burrito'));
    expect(countOf('Burrito')).toBe(3);
    expect(lineTotal('Burrito')).toBe('31,50 €');
    expect(cartStore.get()[0]).toMatchObject({ count: 3, itemTotal: 3150 });
    fireEvent.click(decrease('Burrito'));
    fireEvent.click(decrease('Burrito'));
    expect(countOf('Burrito')).toBe(1);
    expect(decrease('Burrito').hasAttribute('disabled')).toBe(true);
    fireEvent.click(decrease('Burrito'));
    expect(countOf('Burrito')).toBe(1);
    expect(euro(screen.getByTestId('cart-total').textContent)).toBe('10,50 €');
  });

  it('a line holds at most 99: at 99 + is disabled and the count stays', () => {
    renderCart(testLine({ name: 'Limo', price: 350, count: 98 }));
    fireEvent.click(increase('Limo'));
    expect(countOf('Limo')).toBe(99);
    expect(lineTotal('Limo')).toBe('346,50 €');
    expect(increase('Limo').hasAttribute('disabled')).toBe(true);
    fireEvent.click(increase('Limo'));
    expect(cartStore.get()[0]).toMatchObject({ count: 99 });
  });

  it('+ beyond the stock the article was added with says how many are left and changes nothing', () => {
    renderCart({ ...testLine({ name: 'Burrito', price: 1050, count: 2 }), hasBestand: true, bestand: 2 });
    fireEvent.click(increase('Burrito'));
    expect(countOf('Burrito')).toBe(2);
    expect(shell.requests).toContainEqual({ kind: 'snackbar', text: 'Von „Burrito“ sind nur noch 2 Stück verfügbar.' });
  });

  it('removing a line takes it out of the cart; without lines the cart says it is empty', () => {
    renderCart(testLine({ name: 'Burrito', price: 1050 }), testLine({ name: 'Limo', price: 350 }));
    fireEvent.click(within(row('Limo')).getByRole('button', { name: t.remove }));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(cartStore.get().map((l) => l.id)).toEqual(['Burrito']);
    fireEvent.click(within(row('Burrito')).getByRole('button', { name: t.remove }));
    expect(screen.getByTestId('cart-empty').textContent).toContain('Dein Korb ist aktuell leer');
    expect(screen.queryByRole('button', { name: t.checkout })).toBeNull();
  });

  it('a line whose item sold out meanwhile says so as an alert and holds the checkout back until it is removed', () => {
    menuWith({ id: 'Burrito', verkauft: true }, { id: 'Limo' });
    renderCart(testLine({ name: 'Burrito', price: 1050 }), testLine({ name: 'Limo', price: 350 }));
    const notice = within(row('Burrito')).getByRole('alert');
    expect(notice.textContent).toBe('„Burrito“ ist leider bereits ausverkauft. Bitte entferne den Artikel, um zu bestellen.');
    expect(within(row('Limo')).queryByRole('alert')).toBeNull();
    expect(checkout().hasAttribute('disabled')).toBe(true);

    fireEvent.click(increase('Limo'));
    fireEvent.click(increase('Limo')); // 3 × 3,50 € = 10,50 €, above the takeaway minimum of 8,00 €
    fireEvent.click(within(row('Burrito')).getByRole('button', { name: t.remove }));
    expect(screen.queryByTestId('cart-line-sold-out')).toBeNull();
    expect(checkout().hasAttribute('disabled')).toBe(false);
  });

  it('below the takeaway minimum the checkout waits; reaching it by + opens it', () => {
    renderCart(testLine({ name: 'Limo', price: 350, count: 2 }));
    expect(euro(screen.getByTestId('cart-min-order').textContent)).toBe('Noch 1,00 € bis zum Mindestbestellwert von 8,00 €');
    expect(checkout().hasAttribute('disabled')).toBe(true);
    fireEvent.click(increase('Limo'));
    expect(screen.queryByTestId('cart-min-order')).toBeNull();
    expect(checkout().hasAttribute('disabled')).toBe(false);
  });

  it('while online ordering is off the cart says so and the checkout cannot be pressed', () => {
    appDataStore.set(testAppData({ orderingEnabled: false }));
    renderCart(testLine({ name: 'Burrito', price: 1050 }));
    expect(screen.getByTestId('cart-ordering-disabled').textContent).toBe(t.orderingDisabled);
    expect(checkout().hasAttribute('disabled')).toBe(true);
  });

  it('the note dialog saves a trimmed note on the line; Abbrechen keeps the old one', () => {
    renderCart(testLine({ name: 'Burrito', price: 1050 }));
    fireEvent.click(within(row('Burrito')).getByRole('button', { name: t.noteAdd }));
    const dialog = screen.getByRole('dialog', { name: fill(t.noteTitle, { name: 'Burrito' }) });
    const input = within(dialog).getByRole('textbox', { name: t.notePlaceholder });
    expect(input.getAttribute('maxlength')).toBe('200');
    fireEvent.change(input, { target: { value: '  ohne Koriander  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.noteSave }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(row('Burrito')).getByTestId('cart-line-note').textContent).toBe('„ohne Koriander“');
    expect(cartStore.get()[0]).toMatchObject({ notes: 'ohne Koriander' });

    fireEvent.click(within(row('Burrito')).getByRole('button', { name: t.noteEdit }));
    const again = screen.getByRole('dialog');
    fireEvent.change(within(again).getByRole('textbox'), { target: { value: 'mit Koriander' } });
    fireEvent.click(within(again).getByRole('button', { name: t.noteCancel }));
    expect(within(row('Burrito')).getByTestId('cart-line-note').textContent).toBe('„ohne Koriander“');
  });

  it('offers no note where the venue switched item notes off', () => {
    appDataStore.set(testAppData({ features: { enableItemNote: false } }));
    renderCart(testLine({ name: 'Burrito', price: 1050 }));
    expect(within(row('Burrito')).queryByTestId('cart-line-note-button')).toBeNull();
  });

  it('right after a restore the lines are locked and say why; a tap then changes nothing', () => {
    const { rerender } = renderCart();
    act(() => restoreCart([testLine({ name: 'Burrito', price: 1050, count: 2 })], Date.now()));
    rerender(<CartPage />);
    expect(screen.getByTestId('cart-lock-note').textContent).toBe(t.restoreLockNote);
    expect(increase('Burrito').closest('fieldset')!.disabled).toBe(true);
    expect(within(row('Burrito')).getByRole('button', { name: t.remove }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(increase('Burrito'));
    expect(cartStore.get()[0]).toMatchObject({ count: 2 });
  });
});
