import type { SavedOrder } from '@shop/shared/contract';
import { expectedReadiness } from '@shop/shared/domain/orders';
import type { ChimePattern } from '../sound/chime';

/**
 * The signal for what just arrived (requirements#sounds): the order sound when any new order
 * has food, the drinks sound for drinks-only orders; a waiter call (no orders) uses the order sound.
 */
export function arrivalSignal(arrived: readonly SavedOrder[]): ChimePattern {
  if (arrived.length === 0 || arrived.some((o) => expectedReadiness(o).food)) return 'order';
  return arrived.some((o) => expectedReadiness(o).drinks) ? 'drinks' : 'order';
}
