import { staff as texts } from '@shop/shared/i18n/staff';
import type { ActionContext } from '../actions/context';
import { ApiError } from '../http/api-error';

/** Staff pages and actions need an ID token with the staff claim (docs/adr/0010-staff-board.md). */
export function requireStaff(ctx: ActionContext): string {
  if (!ctx.user) throw new ApiError(401, 'unauthenticated', 'This action needs a signed-in staff account', texts.staffOnly);
  if (!ctx.user.staff) throw new ApiError(403, 'forbidden', `User ${ctx.user.uid} has no staff claim`, texts.staffOnly);
  return ctx.user.uid;
}
