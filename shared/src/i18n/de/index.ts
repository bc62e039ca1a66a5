import { account } from './account';
import { cart } from './cart';
import { checkout } from './checkout';
import { menu } from './menu';
import { orders } from './orders';
import { push } from './push';
import { shell } from './shell';

/** The one German text catalogue. Spec texts verbatim, typos included where the spec says so. */
export const de = { shell, menu, cart, checkout, orders, account, push } as const;
