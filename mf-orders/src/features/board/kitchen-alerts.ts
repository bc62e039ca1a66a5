import type { SavedOrder, WaiterMute } from '@shop/shared/contract';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { isOpenForKitchen } from '@shop/shared/domain/order-lifecycle';
import { isMuted } from '@shop/shared/domain/waiter-call';
import type { ChimePattern } from '../sound/chime';
import { arrivalSignal } from './arrival-signal';

/**
 * Kitchen alerts that cannot be missed (docs/requirements.md#sounds): what is pending is derived
 * from the board's data, so an alert lasts exactly until a staff member acknowledges it (a new order
 * is accepted or rejected, a waiter call is marked done, a table's "Wir sind fertig" is marked seen)
 * and survives a reload. The schedule is pure: the board calls `nextAlert` every second and plays
 * what it answers.
 */
export type AlertKind = 'order' | 'drinks' | 'waiterCall' | 'allReady';

export interface KitchenAlert {
  /** Stable per thing to acknowledge: 'order:<id>', 'call:<signalId>', 'allReady:<id>'. */
  readonly key: string;
  readonly kind: AlertKind;
}

export interface AlertSchedule {
  /** When a sound last played (null: none since the last quiet moment). */
  readonly lastPlayedAt: number | null;
  /** The keys pending at the last step (a key not among them is new and sounds at once). */
  readonly known: readonly string[];
}

export const QUIET: AlertSchedule = { lastPlayedAt: null, known: [] };

/** The board data the alerts are derived from. */
export interface AlertSource {
  readonly orders: readonly SavedOrder[];
  readonly waiterCalls: readonly { readonly signalId: string; readonly table: string }[];
  readonly waiterMutes?: readonly WaiterMute[];
}

export const allReadyKey = (uniqueOrderId: string) => `allReady:${uniqueOrderId}`;

/**
 * What is pending now: every order still New (not accepted), every open waiter call of a table that
 * is not muted, every open order whose table said "Wir sind fertig" and that this board has not marked
 * seen (`seen`: allReady keys).
 */
export function pendingAlerts(source: AlertSource, seen: ReadonlySet<string>, now: number): KitchenAlert[] {
  const alerts: KitchenAlert[] = [];
  for (const order of source.orders) {
    if (order.state === 'New') alerts.push({ key: `order:${order.uniqueOrderId}`, kind: arrivalSignal([order]) === 'drinks' ? 'drinks' : 'order' });
  }
  const muted = new Set((source.waiterMutes ?? []).filter((m) => isMuted(m.until, now)).map((m) => m.table));
  for (const call of source.waiterCalls) if (!muted.has(call.table)) alerts.push({ key: `call:${call.signalId}`, kind: 'waiterCall' });
  for (const order of source.orders) {
    if (order.allReady && isOpenForKitchen(order) && !seen.has(allReadyKey(order.uniqueOrderId)))
      alerts.push({ key: allReadyKey(order.uniqueOrderId), kind: 'allReady' });
  }
  return alerts;
}

/** The sound of each kind, and which one speaks for several pending alerts (the first pending in this order). */
export const ALERT_SOUNDS: readonly (readonly [AlertKind, ChimePattern])[] = [
  ['order', 'order'],
  ['waiterCall', 'call'],
  ['allReady', 'tableDone'],
  ['drinks', 'drinks'],
];

/** One sound for all pending alerts: the most urgent kind among them. */
export function coalescedPattern(alerts: readonly KitchenAlert[]): ChimePattern | null {
  for (const [kind, pattern] of ALERT_SOUNDS) if (alerts.some((a) => a.kind === kind)) return pattern;
  return null;
}

/**
 * One step of the schedule at `now`: play when something new is pending, or when anything is still
 * pending `repeatMs` after the last sound; nothing when all is acknowledged. `canPlay` false (the
 * browser blocks sound): nothing is marked played, so the alert sounds as soon as sound is allowed.
 */
export function nextAlert(
  schedule: AlertSchedule,
  alerts: readonly KitchenAlert[],
  now: number,
  canPlay: boolean,
  repeatMs: number = CHECKOUT_CONSTANTS.boardAlertRepeatMs,
): { play: ChimePattern | null; schedule: AlertSchedule } {
  if (alerts.length === 0) return { play: null, schedule: QUIET };
  const known = new Set(schedule.known);
  const arrived = alerts.some((a) => !known.has(a.key));
  const due = arrived || schedule.lastPlayedAt === null || now - schedule.lastPlayedAt >= repeatMs;
  if (!canPlay) return { play: null, schedule: { lastPlayedAt: schedule.lastPlayedAt, known: schedule.known } };
  const keys = alerts.map((a) => a.key);
  if (!due) return { play: null, schedule: { lastPlayedAt: schedule.lastPlayedAt, known: keys } };
  return { play: coalescedPattern(alerts), schedule: { lastPlayedAt: now, known: keys } };
}
