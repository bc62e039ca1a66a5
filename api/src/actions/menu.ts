import type { ActionContext, HandlerMap } from './context';

/** Menu pulls; an unchanged menu (same lastModified) is not resent. */
function pull(kind: 'food' | 'drink') {
  return async (payload: { lastModified?: number | undefined } | undefined, ctx: ActionContext) => {
    const snapshot = await ctx.menus.load(kind);
    if (payload?.lastModified !== undefined && payload.lastModified === snapshot.lastModified) {
      return { menu: [], lastModified: snapshot.lastModified, unchanged: true };
    }
    return { menu: snapshot.menu, lastModified: snapshot.lastModified };
  };
}

export const menuHandlers = {
  PullFoodMenu: pull('food'),
  PullDrinkMenu: pull('drink'),
} satisfies Pick<HandlerMap, 'PullFoodMenu' | 'PullDrinkMenu'>;
