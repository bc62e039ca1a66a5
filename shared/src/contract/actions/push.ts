import { z } from 'zod';
import { pushToken, pushTopics } from '../push';

/**
 * SaveAppSettings (requirements#calls action names; requirements#entities App settings: pushToken, pushTopics): the
 * device's topic choice, and its token (null: this device has none any more). The device is the
 * request's browser id; a signed-in user's choice also applies to the other devices of the account.
 */
export const saveAppSettingsPayload = z
  .object({
    pushToken: pushToken.nullable().optional(),
    pushTopics,
  })
  .strict();

export const pushActions = {
  SaveAppSettings: {
    payload: saveAppSettingsPayload,
    response: z.object({ pushTopics, registered: z.boolean() }),
  },
} as const;
