import { pages } from '../db/schema';
import type { ActionHandler } from './context';

const GetAppconfig: ActionHandler<'GetAppconfig'> = async (_payload, ctx) => ({
  appconfig: await ctx.menus.appConfig(),
  stores: await ctx.menus.stores(),
  branch: ctx.descriptor.branch,
});

const LoadPages: ActionHandler<'LoadPages'> = async (_payload, ctx) => ({
  pages: (await ctx.db.select().from(pages)).map((p) => p.data),
});

export const contentHandlers = { GetAppconfig, LoadPages };
