import { saveSettings } from '../push/token-store';
import type { ActionHandler } from './context';

/**
 * SaveAppSettings (requirements#calls; requirements#entities App settings: pushToken, pushTopics): this device's topic
 * choice and, when sent, its token (null: none any more). The device is the caller's browser id;
 * the account is taken from the verified ID token, never from the payload, and a signed-in user's
 * topic choice applies to all devices of the account.
 */
const SaveAppSettings: ActionHandler<'SaveAppSettings'> = async (payload, ctx) => {
  const saved = await saveSettings(ctx.db, {
    deviceId: ctx.browserId,
    token: payload.pushToken,
    topics: payload.pushTopics,
    fuid: ctx.user?.uid ?? null,
    now: ctx.now(),
  });
  return { pushTopics: saved.topics, registered: saved.token !== null };
};

export const pushHandlers = { SaveAppSettings };
