// Channel names of the server-sent events (GET /api/events). Kept apart from the zod schemas so
// that the shell can name channels without bundling the validation library (requirements#performance: no zod in
// the guest's first load).

export const SHOP_CHANNEL = 'shop';
/** Orders and waiter calls for the staff board; granted to ID tokens with the staff claim only. */
export const STAFF_CHANNEL = 'staff';
export function userChannel(uid: string): string {
  return `user${uid}`;
}
/** One order's live status, for whoever holds its access token (the guest's order page, signed in or not). */
export function orderChannel(uniqueOrderId: string): string {
  return `order${uniqueOrderId}`;
}
/**
 * The SSE event name of a device's push channel (GET /api/events?push=<local token>): the channel
 * itself is named after a hash of the token, which the browser need not know.
 */
export const PUSH_EVENT = 'push';
