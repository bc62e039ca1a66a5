import type { SavedOrder } from '@shop/shared/contract';
import { allows } from '@shop/shared/domain/order-lifecycle';
import { formatEuro } from '@shop/shared/domain/money';
import { addressLine, effectiveTargetTime, expectedReadiness, preorderTime, shopClockTime } from '@shop/shared/domain/orders';
import { orders as texts } from '@shop/shared/i18n/orders';
import { fill } from '@shop/shared/i18n/fill';

/** Orders eaten at the restaurant: they are made now, for the table, not for a pickup time. */
const IN_HOUSE: readonly SavedOrder['usecase'][] = ['tableordering', 'inhouseMobilePayment', 'selfservice'];

/**
 * The time on a board card: when a pickup or delivery is wanted ('für 12:30 Uhr', another day with
 * its date), or, for an order at a table, when it was placed ('bestellt 19:46 Uhr').
 */
export function boardTimeText(order: Pick<SavedOrder, 'usecase' | 'targetTime' | 'createdAt'>, now: number): string {
  if (IN_HOUSE.includes(order.usecase)) return fill(texts.boardPlacedAt, { time: shopClockTime(order.createdAt) });
  return fill(texts.boardFor, { time: preorderTime(effectiveTargetTime(order), now) });
}

export interface BoardFact {
  readonly key: string;
  readonly text: string;
  /** Facts the kitchen must not miss (a failed capture, the table is done). */
  readonly strong?: boolean;
}

/**
 * What the kitchen needs to know about an order besides its lines: tip, where it goes (delivery
 * address and floor), how to reach the guest, a company invoice, the Mehrweg choice, whether the
 * table said 'Wir sind fertig', and how the payment stands.
 */
export function boardFacts(order: SavedOrder): BoardFact[] {
  const facts: BoardFact[] = [];
  if (order.captureFailed && !order.captured) facts.push({ key: 'capture', text: texts.boardCaptureFailed, strong: true });
  if (order.paymentReleased)
    facts.push({ key: 'released', text: order.paymentReleased === 'refunded' ? texts.boardPaymentRefunded : texts.boardPaymentReleased });
  if (order.allReady) facts.push({ key: 'allReady', text: texts.boardAllReady, strong: true });
  if (order.paymentInfo.tip > 0) facts.push({ key: 'tip', text: fill(texts.boardTip, { amount: formatEuro(order.paymentInfo.tip) }) });
  if (order.usecase === 'delivery' && order.deliveryAddress) {
    const { etage, ...address } = order.deliveryAddress;
    facts.push({ key: 'address', text: addressLine(address) });
    if (etage?.trim()) facts.push({ key: 'floor', text: fill(texts.boardFloor, { floor: etage.trim() }) });
  }
  if (order.userInfo.phone && !IN_HOUSE.includes(order.usecase)) facts.push({ key: 'phone', text: fill(texts.boardPhone, { phone: order.userInfo.phone }) });
  if (order.invoiceAddress?.company?.trim())
    facts.push({ key: 'invoice', text: fill(texts.boardCompanyInvoice, { company: order.invoiceAddress.company.trim() }) });
  if (order.mehrwegOption !== undefined) {
    facts.push({
      key: 'mehrweg',
      text: !order.mehrwegOption
        ? texts.boardNoMehrweg
        : order.mehrwegOptionCompanyName?.trim()
          ? fill(texts.boardMehrweg, { company: order.mehrwegOptionCompanyName })
          : texts.boardMehrwegNoCompany,
    });
  }
  return facts;
}

export type BoardAction = 'confirm' | 'ready' | 'readyFood' | 'readyDrinks' | 'collected' | 'reject' | 'cancel';

/** The next steps the kitchen can take with an order, in the order they are offered (by the state machine). */
export function boardActions(order: SavedOrder): BoardAction[] {
  const actions: BoardAction[] = [];
  if (order.state === 'New') actions.push('confirm');
  if (allows(order.state, 'ready') && order.state !== 'Ready') {
    const expected = expectedReadiness(order);
    if (expected.food && expected.drinks) {
      if (!order.abholbereit) actions.push('readyFood');
      if (!order.getraenkeAbholbereit) actions.push('readyDrinks');
    } else actions.push('ready');
  }
  if (order.state !== 'New' && allows(order.state, 'handOver') && order.state !== 'Collected' && order.state !== 'PickedUp') actions.push('collected');
  if (allows(order.state, 'reject') && order.state !== 'Rejected') actions.push('reject');
  else if (allows(order.state, 'cancel') && order.state !== 'Cancelled') actions.push('cancel');
  return actions;
}

/** The board's filter (docs/requirements.md#kitchen-board): Neu = not accepted, In Arbeit = accepted, Fertig = ready for hand-over. */
export type BoardStage = 'new' | 'inProgress' | 'ready';
export type BoardFilter = 'all' | BoardStage;
export const BOARD_FILTERS: readonly BoardFilter[] = ['all', 'new', 'inProgress', 'ready'];

/** The stage of an open order (New, Confirmed — also when one part is ready —, Ready). */
export function boardStage(order: Pick<SavedOrder, 'state'>): BoardStage {
  if (order.state === 'New') return 'new';
  if (order.state === 'Ready') return 'ready';
  return 'inProgress';
}

/** How many open orders each filter shows. */
export function boardCounts(open: readonly Pick<SavedOrder, 'state'>[]): Record<BoardFilter, number> {
  const counts: Record<BoardFilter, number> = { all: open.length, new: 0, inProgress: 0, ready: 0 };
  for (const order of open) counts[boardStage(order)] += 1;
  return counts;
}

/** The open orders a filter shows. */
export function filterBoard<T extends Pick<SavedOrder, 'state'>>(open: readonly T[], filter: BoardFilter): T[] {
  return filter === 'all' ? [...open] : open.filter((o) => boardStage(o) === filter);
}

/**
 * The card's buttons in three groups (docs/requirements.md#kitchen-board-signals): "Annehmen" (left),
 * the next step on the right ("Fertig", "Speisen/Getränke fertig"; "Abgeholt" once it is ready), and
 * a row of its own for the rest ("Abgeholt" skipping "Fertig", and what ends an order). A New order
 * offers only "Annehmen" (and "Ablehnen"): the ready steps appear once it is accepted, on the other
 * side of the card, so a second tap where "Annehmen" was never marks it ready or collected.
 */
export function splitActions(actions: readonly BoardAction[]): { accept: BoardAction[]; progress: BoardAction[]; end: BoardAction[] } {
  const accept = actions.filter((a) => a === 'confirm');
  const ready = actions.filter((a) => a === 'ready' || a === 'readyFood' || a === 'readyDrinks');
  const collected = actions.filter((a) => a === 'collected');
  const ending = actions.filter((a) => a === 'reject' || a === 'cancel');
  if (accept.length > 0) return { accept, progress: [], end: ending };
  return ready.length > 0 ? { accept, progress: ready, end: [...collected, ...ending] } : { accept, progress: collected, end: ending };
}
