import { account } from './account';
import { cart } from './cart';
import { checkout } from './checkout';
import { menu } from './menu';
import { orders } from './orders';
import { profile } from './profile';
import { shell } from './shell';
import { signin } from './signin';

/** The one German text catalogue. Spec texts verbatim, typos included where the spec says so. */
export const de = { shell, menu, cart, checkout, orders, account, signin, profile } as const;
