import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerOverlays, type ShellOverlays } from '@shop/shared/testing/overlays';
import { registerCartCommands, type CartCommandHandler, type CartCommandParams } from '@shop/shared/commands/cart';
import { menuCategory } from '@shop/shared/contract';
import { burrito } from '@shop/shared/domain/__fixtures__/menu';
import { resolveFeatures } from '@shop/shared/domain/features';
import type { MenuShopContext } from '../../data/shop-context';
import { OrderPanel } from './OrderPanel';

// The item configurator (docs/requirements.md#item-configuration) on the test burrito: Reis (required
// radio), Toppings (optional, max 2, one free), Jalapeño-Sorte (only after Jalapeños), Salsa
// (dropdown with extra portions), Schritt (required), styles Guacamole and Extra Käse.
const category = menuCategory.parse({ id: 'bowls', categoryDE: 'Burritos', type: 'food', items: [burrito] });
const context: MenuShopContext = {
  appconfig: null,
  stores: [],
  features: resolveFeatures(undefined, undefined),
  mode: 'takeaway',
  storeId: 1,
  store: undefined,
  orderingEnabled: true,
};
const euro = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');
const total = () => euro(screen.getByTestId('item-total').textContent);

let shell: ShellOverlays;
let added: CartCommandParams<'add'>[];
let unregister: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  added = [];
  // The shell answers info dialogs at once (as a guest pressing OK would).
  shell = answerOverlays();
  // mf-cart's command handler stands behind this seam; here it records what the configurator sends.
  const handler: Pick<CartCommandHandler, 'add'> = {
    add: async (params) => {
      added.push(params);
      return { outcome: 'added', cartItemId: params.line.cartItemId, accepted: params.line.count };
    },
  };
  unregister = registerCartCommands(handler as CartCommandHandler);
});

afterEach(() => {
  shell.stop();
  unregister();
  vi.useRealTimers();
});

async function renderPanel() {
  render(<OrderPanel item={burrito} category={category} context={context} />);
  // The options appear 100 ms after the page (docs/requirements.md#constants).
  await act(async () => vi.advanceTimersByTimeAsync(100));
}

const choose = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const addButton = () => screen.getByTestId('add-to-cart');
async function clickAdd() {
  fireEvent.click(addButton());
  await act(async () => vi.advanceTimersByTimeAsync(0));
}

describe('the burrito configurator (component)', () => {
  it('shows the options only after 100 ms, each required step marked Pflicht', async () => {
    render(<OrderPanel item={burrito} category={category} context={context} />);
    expect(screen.queryByTestId('step-0')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(within(screen.getByTestId('step-0')).getByText('Pflicht')).toBeTruthy();
    expect(within(screen.getByTestId('step-1')).queryByText(/Pflicht/)).toBeNull();
    // The Jalapeño step only appears once Jalapeños are chosen.
    expect(screen.queryByRole('heading', { name: 'Jalapeño-Sorte' })).toBeNull();
    choose('option-top-jal');
    expect(screen.getByRole('heading', { name: 'Jalapeño-Sorte' })).toBeTruthy();
  });

  it('refuses to add while a required choice is missing: the step says what to choose, nothing reaches the cart', async () => {
    await renderPanel();
    await clickAdd();
    const step = screen.getByTestId('step-0');
    expect(within(step).getByRole('alert').textContent).toBe('Du musst noch eine Auswahl treffen für "Reis"');
    expect(shell.requests).toContainEqual(expect.objectContaining({ kind: 'info', title: 'Du musst noch eine Auswahl treffen für "Reis"' }));
    expect(added).toEqual([]);
    expect(shell.requests.some((o) => o.kind === 'added-to-cart')).toBe(false);
  });

  it('updates the price with the size, the charged options beyond the free one, and the styles, at the takeaway price', async () => {
    await renderPanel();
    expect(total()).toBe('10,50 €'); // Regular, takeaway price
    fireEvent.click(screen.getAllByTestId('size-option')[1]!);
    expect(total()).toBe('12,50 €'); // Large
    choose('option-top-pico'); // the first topping is free
    expect(total()).toBe('12,50 €');
    // With a second one, the dearer (Mais, 1,20 € in Large) is the free one and Pico de Gallo is charged.
    choose('option-top-corn');
    expect(total()).toBe('13,30 €');
    choose('style-guac'); // 2,00 € in Large
    expect(total()).toBe('15,30 €');
    expect(screen.getByText('inkl. MwSt.')).toBeTruthy();
  });

  it("adds the configured line to the cart, asks the shell for 'Zum Korb hinzugefügt', and shows 'Weiter' 900 ms later", async () => {
    await renderPanel();
    choose('option-rice-lime');
    choose('option-wrap');
    choose('style-cheese');
    await clickAdd();
    expect(added).toHaveLength(1);
    const line = added[0]!.line;
    expect(line).toMatchObject({ count: 1, vol: 'Regular' });
    expect(JSON.stringify(line)).toContain('rice-lime');
    expect(JSON.stringify(line)).toContain('cheese');
    expect(shell.requests.filter((o) => o.kind === 'added-to-cart')).toHaveLength(1);
    expect(screen.queryByTestId('continue-to-cart')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(899));
    expect(screen.queryByTestId('continue-to-cart')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('continue-to-cart').textContent).toBe('Weiter');
  });

  it('counts up to 99 and no further, and prices the 99', async () => {
    await renderPanel();
    const increase = screen.getByRole('button', { name: 'Menge erhöhen' });
    for (let i = 0; i < 120; i += 1) fireEvent.click(increase);
    expect(screen.getByRole('button', { name: 'Menge erhöhen' }).hasAttribute('disabled')).toBe(true);
    expect(total()).toBe('1.039,50 €'); // 99 × 10,50 €
    choose('option-rice-mex');
    choose('option-wrap');
    await clickAdd();
    expect(added[0]!.line.count).toBe(99);
  });
});
