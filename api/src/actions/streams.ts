import { orderChannel, PUSH_EVENT, SHOP_CHANNEL } from '@shop/shared/contract';
import { ApiError } from '../http/api-error';
import { allowedChannels, allowedPushChannel } from '../http/events-route';
import type { ActionContext, ActionHandler } from './context';

/**
 * IssueStreamTicket (docs/requirements.md#live-updates-heal): the channels the caller may follow,
 * decided here with the credentials in the request, sealed into a short-lived single-use ticket
 * that GET /api/events?ticket= redeems. A private channel (the user's own, staff) needs a valid ID
 * token in the Authorization header: without one, with an expired or forged one, or with the token
 * of an erased account (the action route treats it as none) the whole request is refused (401), and a
 * channel the token does not grant is refused (403), so that a stale sign-in shows instead of a
 * stream that silently hears nothing. Orders whose access token does not match and a malformed push
 * token are only left out (and named in `refused`): an old order on the device must not cost the
 * stream of the others.
 */
const IssueStreamTicket: ActionHandler<'IssueStreamTicket'> = async (payload, ctx: ActionContext) => {
  const requested = [...new Set(payload.channels.map((c) => c.trim()).filter(Boolean))];
  const wantsPrivate = requested.some((c) => c !== SHOP_CHANNEL);
  if (wantsPrivate && !ctx.user) {
    throw new ApiError(401, 'unauthenticated', 'A private stream channel needs a valid ID token (Authorization: Bearer <token>)', undefined, {
      jwtInvalid: true,
    });
  }
  const granted = allowedChannels(requested, ctx.user?.uid ?? null, ctx.user?.staff === true);
  if (granted.refused.length) throw new ApiError(403, 'forbidden', `Channels not granted to this account: ${granted.refused.join(',')}`);

  const refused: string[] = [];
  const orders: string[] = [];
  for (const { uniqueOrderId, accessToken } of payload.orders ?? []) {
    if (ctx.orderTokens.verify(uniqueOrderId, accessToken)) orders.push(orderChannel(uniqueOrderId));
    else refused.push(orderChannel(uniqueOrderId));
  }
  const push = payload.push === undefined ? null : allowedPushChannel(payload.push);
  if (payload.push !== undefined && !push) refused.push(PUSH_EVENT);

  const channels = [...new Set([...granted.channels, ...orders, ...(push ? [push] : [])])];
  const { ticket, expiresAt } = await ctx.streamTickets.issue({ channels, push });
  return { ticket, expiresAt, events: channels.map((c) => (c === push ? PUSH_EVENT : c)), refused };
};

export const streamHandlers = { IssueStreamTicket };
