import { account } from './account';
import { cards } from './cards';
import { cart } from './cart';
import { checkout } from './checkout';
import { mail } from './mail';
import { menu } from './menu';
import { orders } from './orders';
import { overlays } from './overlays';
import { privacy } from './privacy';
import { profile } from './profile';
import { push } from './push';
import { shell } from './shell';
import { signin } from './signin';
import { staff } from './staff';

/** The one German text catalogue. Spec texts verbatim, typos included where the spec says so. */
export const de = { shell, menu, cart, checkout, orders, account, signin, profile, push, privacy, overlays, cards, staff, mail } as const;
