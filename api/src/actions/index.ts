import { appHandlers } from './app';
import { cartHandlers } from './cart';
import { contentAdminHandlers } from './content-admin';
import { customerCardHandlers } from './customer-cards';
import { statisticsHandlers } from './statistics';
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
import { streamHandlers } from './streams';

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
  ...appHandlers,
  ...contentAdminHandlers,
  ...statisticsHandlers,
  ...customerCardHandlers,
  ...streamHandlers,
};
