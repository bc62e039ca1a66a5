import type { z } from 'zod';
import { appActions } from './app';
import { cartActions } from './cart';
import { contentAdminActions } from './content-admin';
import { customerCardActions } from './customer-cards';
import { statisticsActions } from './statistics';
import { checkoutActions } from './checkout';
import { contentActions } from './content';
import { docsActions } from './docs';
import { menuActions } from './menu';
import { accountActions } from './account';
import { ordersActions } from './orders';
import { paymentsActions } from './payments';
import { pushActions } from './push';
import { staffActions } from './staff';
import { streamActions } from './streams';
export * from './account';

/**
 * Every action of POST /api/action with its payload and (ok) response schema.
 * One file per area; this map only joins them.
 */
export const ACTIONS = {
  ...menuActions,
  ...contentActions,
  ...cartActions,
  ...checkoutActions,
  ...docsActions,
  ...accountActions,
  ...ordersActions,
  ...paymentsActions,
  ...staffActions,
  ...pushActions,
  ...appActions,
  ...contentAdminActions,
  ...statisticsActions,
  ...customerCardActions,
  ...streamActions,
} as const;

export type ActionName = keyof typeof ACTIONS;
export type ActionPayload<A extends ActionName> = z.input<(typeof ACTIONS)[A]['payload']>;
export type ActionResult<A extends ActionName> = z.output<(typeof ACTIONS)[A]['response']>;

export function isActionName(name: string): name is ActionName {
  return Object.prototype.hasOwnProperty.call(ACTIONS, name);
}

export { type LoadDocsPayload } from './content';
export * from './docs';
export * from './payments';
export * from './push';
export * from './app';
export * from './content-admin';
export * from './customer-cards';
export * from './statistics';
export { type WaiterMute } from './staff';
