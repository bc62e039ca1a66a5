import { emit, inform } from '@shop/shared/bus';
import type { MenuCategory, MenuItem } from '@shop/shared/contract';
import { addRefusal, needsCourse, type AddRefusal } from '@shop/shared/domain/add-to-cart-rules';
import { CartUnavailableError, cartCommand } from '@shop/shared/commands/cart';
import { newCartItemId } from '@shop/shared/domain/cart';
import { missingChoice, type ItemConfig } from '@shop/shared/domain/configurator';
import { MAX_QUANTITY } from '@shop/shared/domain/quantity';
import { buildProductLine, lineType } from '@shop/shared/domain/product-line';
import { fill } from '@shop/shared/i18n/fill';
import { de } from '../texts';
import { cartStore } from '@shop/shared/stores';
import { askCourse } from './course';
import type { MenuShopContext } from './shop-context';

export type AddOutcome = 'added' | 'merged' | 'updated' | 'ignored' | 'refused' | 'cancelled';

function refusalText(refusal: AddRefusal): string {
  switch (refusal.kind) {
    case 'ordering-disabled':
      return de.menu.orderingDisabled;
    case 'branch-disabled':
      return de.menu.branchOrderingDisabled;
    case 'sold-out':
      return de.menu.soldOut;
    case 'not-buyable':
      return de.menu.notBuyable;
    case 'ticket-mix':
      return de.menu.ticketMix;
  }
}

export interface AddRequest {
  readonly item: MenuItem;
  readonly category: MenuCategory;
  readonly config: ItemConfig;
  readonly context: MenuShopContext;
  /** Edit this cart line instead of adding one (query cartItemId). */
  readonly editCartItemId?: string | undefined;
}

/**
 * The add flow (requirements#shop-behaviour, requirements#shop-validation): a missing choice asks to choose, refusals explain themselves,
 * in-house with courses asks for the course, then the line is priced for the current order mode
 * and added (or merged, or replaces the edited line). Success emits cart:item-added and asks the
 * shell for the 'Zum Korb hinzugefügt' overlay.
 */
export async function addToCart(request: AddRequest): Promise<AddOutcome> {
  const { item, category, config, context } = request;
  const missing = missingChoice(item, config);
  if (missing) {
    await inform(fill(de.menu.missingChoice, { title: missing.title }));
    return 'refused';
  }
  const type = lineType(item, category);
  const cart = cartStore.get();
  const editing = request.editCartItemId && cart.some((l) => l.cartItemId === request.editCartItemId) ? request.editCartItemId : undefined;
  const refusal = addRefusal({
    item,
    type,
    cart,
    orderingEnabled: context.orderingEnabled,
    store: context.store,
    stockEnabled: context.features.enableBestand,
    editingCartItemId: editing,
  });
  if (refusal) {
    await inform(refusalText(refusal));
    return 'refused';
  }
  const editedLine = editing ? cart.find((l) => l.cartItemId === editing) : undefined;
  let gang = editedLine?.kind === 'product' ? editedLine.gang : undefined;
  const askForCourse = needsCourse({
    mode: context.mode,
    coursesEnabled: context.features.enableCourses,
    categoryId: category.id,
    exemptCategories: context.appconfig?.courseExemptCategories ?? [],
    type,
  });
  if (askForCourse && !gang) {
    const chosen = await askCourse(context.appconfig?.enabledCourses ?? []);
    if (!chosen) return 'cancelled';
    gang = chosen;
  }
  const line = buildProductLine(config, {
    item,
    category,
    mode: context.mode,
    cartItemId: editing ?? newCartItemId(),
    gang,
    now: Date.now(),
  });

  // The cart's own commands change it (docs/requirements.md#cart-protection): they wait for the
  // restore lock, keep the 1–99 quantity and the stock limit, and announce cart:item-added.
  let outcome: AddOutcome;
  try {
    if (editing) {
      const result = await cartCommand('replace', { cartItemId: editing, line });
      if (result.outcome === 'missing') return 'refused';
      outcome = 'updated';
    } else {
      const result = await cartCommand('add', { line, stockEnabled: context.features.enableBestand });
      if (result.outcome === 'ignored-unikat') return 'ignored';
      if (result.outcome === 'stock-limit') {
        await inform(fill(de.cart.stockLimit, { name: line.nameToDisplay, count: result.bestand }));
        return 'refused';
      }
      outcome = result.outcome;
      if (result.accepted < line.count) {
        // The line reached 99: say so instead of a silent cut.
        await inform(fill(de.cart.quantityLimit, { name: line.nameToDisplay, max: MAX_QUANTITY }));
        if (result.accepted === 0) return 'ignored';
      }
    }
  } catch (error) {
    if (!(error instanceof CartUnavailableError)) throw error;
    await inform(de.cart.unavailable);
    return 'refused';
  }
  emit('shell:overlay', { kind: 'added-to-cart' });
  return outcome;
}
