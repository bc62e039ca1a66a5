import { z } from 'zod';
import { menu } from '../menu';

/** Menu pulls (requirements#calls; the payload is not shown, so it names the branch and the last known version). */
const pullMenuPayload = z.object({ filialnummer: z.number().int().positive().optional(), lastModified: z.number().int().nonnegative().optional() }).strict();

const menuResponse = z.object({
  menu,
  /** Version stamp of the menu; unchanged menus are not resent when `lastModified` matches. */
  lastModified: z.number().int().nonnegative(),
  unchanged: z.boolean().optional(),
});

export const menuActions = {
  PullFoodMenu: { payload: pullMenuPayload, response: menuResponse },
  PullDrinkMenu: { payload: pullMenuPayload, response: menuResponse },
} as const;
