import { emit, inform } from '@shop/shared/bus';
import type { MenuCategory, MenuItem } from '@shop/shared/contract';
import { addRefusal, needsCourse, type AddRefusal } from '@shop/shared/domain/add-to-cart-rules';
import { addProductLine, exceedsStock, newCartItemId, replaceLine } from '@shop/shared/domain/cart';
import { missingChoice, type ItemConfig } from '@shop/shared/domain/configurator';
import { buildProductLine, lineType } from '@shop/shared/domain/product-line';
import { fill } from '@shop/shared/i18n/fill';
import { de } from '../texts';
import { cartStore, untilCartUnlocked } from '@shop/shared/stores';
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
 * The add flow (shop-spec §4, §5): a missing choice asks to choose, refusals explain themselves,
 * in-house with courses asks for the course, then the line is priced for the current order mode
 * and added (or merged, or replaces the edited line). Success emits cart:item-added and asks the
 * shell for the 'Zum Korb hinzugefügt' overlay.
 */
export async function addToCart(request: AddRequest): Promise<AddOutcome> {
  const { item, category, config, context } = request;
  // For 3 s after a restore the cart ignores changes (shop-spec §4 Cart protection). A guest's
  // own add is not dropped: it waits for the lock to end and then goes in.
  await untilCartUnlocked();
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

  let outcome: AddOutcome;
  let cartItemId = line.cartItemId;
  if (editing) {
    cartStore.update((c) => replaceLine(c, editing, line));
    outcome = 'updated';
  } else {
    if (context.features.enableBestand && exceedsStock(cartStore.get(), line, line.count)) {
      await inform(fill(de.cart.stockLimit, { name: line.nameToDisplay, count: line.bestand ?? 0 }));
      return 'refused';
    }
    const result = addProductLine(cartStore.get(), line);
    if (result.outcome === 'ignored-unikat') return 'ignored';
    cartStore.set(result.cart);
    cartItemId = result.cartItemId;
    outcome = result.outcome;
  }
  emit('cart:item-added', { cartItemId, id: item.id, count: line.count });
  emit('shell:overlay', { kind: 'added-to-cart' });
  return outcome;
}
