// The German texts this remote shows: its own area and the two it borrows from others, instead of
// the whole catalogue of every area (requirements#performance: the menu is in the guest's first load).
import { cart } from '@shop/shared/i18n/cart';
import { menu } from '@shop/shared/i18n/menu';
import { shell } from '@shop/shared/i18n/shell';

export const de = {
  menu,
  cart: { stockLimit: cart.stockLimit, quantityLimit: cart.quantityLimit, unavailable: cart.unavailable },
  shell: { retry: shell.retry },
} as const;
