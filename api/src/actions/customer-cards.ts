import { cards as texts } from '@shop/shared/i18n/cards';
import { fill } from '@shop/shared/i18n/fill';
import { requireStaff } from '../auth/staff';
import { requireAccountHolder } from './account';
import { ApiError } from '../http/api-error';
import { CardError, claimCard, findCard, issueCard, recentCards, resetCheckCode, topUpCard } from '../payments/card-issuing';
import { customerCardsOf } from '../payments/customer-card';
import type { HandlerMap } from './context';

type CardActions = 'IssueCustomerCard' | 'TopUpCustomerCard' | 'FindCustomerCard' | 'LoadStaffCustomerCards' | 'ResetCustomerCardCode' | 'AddCustomerCard';

/** A refusal of the card rules as the caller's answer: status, code and German text. */
function asApiError(error: unknown): unknown {
  if (!(error instanceof CardError)) return error;
  switch (error.reason) {
    case 'not-found':
      return new ApiError(404, 'not_found', error.message, texts.staffNotFound);
    case 'wrong-code':
      return new ApiError(400, 'validation', 'Card number or check code wrong', texts.wrongCode);
    case 'locked':
      return new ApiError(403, 'forbidden', 'Too many wrong check codes for this card', texts.locked);
    case 'taken':
      return new ApiError(409, 'conflict', 'The card belongs to another account', texts.taken);
    case 'too-many-attempts':
      return new ApiError(429, 'rate_limited', error.message, texts.tooManyAttempts);
    case 'claimed':
      return new ApiError(409, 'conflict', error.message, texts.codeOnlyUnclaimed);
    case 'request-reused':
      return new ApiError(409, 'conflict', error.message, texts.staffFailed);
    case 'too-small':
    case 'invalid':
      return new ApiError(400, 'validation', error.message, texts.topUpTooSmall);
    case 'too-large':
      return new ApiError(400, 'validation', error.message, texts.topUpTooLarge);
    case 'balance-limit':
      return new ApiError(400, 'validation', error.message, texts.topUpBalanceLimit);
  }
}

async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asApiError(error);
  }
}

/**
 * Customer cards a guest can get (ADR 0021): the staff issue, look up, top up and re-code cards;
 * the signed-in guest adds one with number and check code (rate-limited: api/src/http/rate-limits.ts).
 */
export const customerCardHandlers: Pick<HandlerMap, CardActions> = {
  IssueCustomerCard: async (payload, ctx) => {
    const staffUid = requireStaff(ctx);
    return mapped(() => issueCard(ctx.db, { ...payload, staffUid, now: ctx.now() }));
  },
  TopUpCustomerCard: async (payload, ctx) => {
    const staffUid = requireStaff(ctx);
    return mapped(() => topUpCard(ctx.db, { ...payload, staffUid, now: ctx.now() }));
  },
  FindCustomerCard: async ({ rfid }, ctx) => {
    requireStaff(ctx);
    return mapped(() => findCard(ctx.db, rfid));
  },
  LoadStaffCustomerCards: async (_payload, ctx) => {
    requireStaff(ctx);
    return { cards: await recentCards(ctx.db) };
  },
  ResetCustomerCardCode: async ({ rfid }, ctx) => {
    requireStaff(ctx);
    return mapped(() => resetCheckCode(ctx.db, rfid));
  },
  AddCustomerCard: async ({ rfid, checkCode }, ctx) => {
    if (!ctx.user) throw new ApiError(401, 'unauthenticated', 'Customer cards need a signed-in user');
    // A card belongs to an account (an anonymous session cannot hold one, nor multiply the per-account tries).
    const fuid = requireAccountHolder(ctx).uid;
    const { label } = await mapped(() => claimCard(ctx.db, { rfid, checkCode, fuid, now: ctx.now() }));
    return { ...(await customerCardsOf(ctx.db, fuid)), added: fill(texts.added, { label }) };
  },
};
