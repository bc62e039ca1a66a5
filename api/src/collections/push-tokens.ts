import { ApiError } from '../http/api-error';
import { storeToken } from '../push/token-store';
import type { CollectionModule } from './registry';

/**
 * pushTokens (requirements#calls "Store push token": DocUpserter update of deviceId and pushToken,
 * subjectKey deviceId, autoRetry): a device stores its own token only. The device id is the
 * request's browser id; another device's id is refused. Nothing about tokens can be read back.
 */
export const pushTokensCollection: CollectionModule<'pushTokens'> = {
  async upsert(payload, ctx) {
    if (payload.updates.deviceId !== ctx.browserId) throw new ApiError(403, 'forbidden', 'A device may only store its own push token');
    const stored = await storeToken(ctx.db, { deviceId: ctx.browserId, token: payload.updates.pushToken, fuid: ctx.user?.uid ?? null, now: ctx.now() });
    return { pushToken: stored.token, pushTopics: stored.topics };
  },
};
