import { cartHandlers } from './cart';
import { checkoutHandlers } from './checkout';
import { contentHandlers } from './content';
import type { HandlerMap } from './context';
import { docsHandlers } from './docs';
import { menuHandlers } from './menu';
import { paymentsHandlers } from './payments';
import { pushHandlers } from './push';
import { accountHandlers } from './account';
import { ordersHandlers } from './orders';
import { staffHandlers } from './staff';

/** Every action's handler, one module per area. The type makes a missing handler a compile error. */
export const handlers: HandlerMap = {
  ...menuHandlers,
  ...contentHandlers,
  ...cartHandlers,
  ...checkoutHandlers,
  ...docsHandlers,
  ...paymentsHandlers,
  ...accountHandlers,
  ...ordersHandlers,
  ...staffHandlers,
  ...pushHandlers,
};
