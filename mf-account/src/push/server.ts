import { ActionCallError, TransportError, callAction, waitForBrowserId } from '@shop/shared/client';
import type { PushTopics } from '@shop/shared/contract';

/** The push calls to the API (requirements#calls "Store push token", SaveAppSettings). */

/** Stores this device's token: DocUpserter pushTokens, the device id being this browser's id. */
export async function saveTokenOnServer(token: string): Promise<void> {
  const deviceId = await waitForBrowserId();
  const res = await callAction('DocUpserter', {
    collectionName: 'pushTokens',
    updates: { deviceId, pushToken: token },
    subjectKey: 'deviceId',
    autoRetry: true,
  });
  if (!res.ok) throw new Error(`Storing the push token was refused (${res.status})`);
}

/** Saves the device's topics and, when given, its token (null: none any more). */
export async function saveSettingsOnServer(pushTopics: PushTopics, pushToken?: string | null): Promise<PushTopics> {
  const res = await callAction('SaveAppSettings', { pushTopics, ...(pushToken !== undefined ? { pushToken } : {}) });
  if (!res.ok) throw new Error(`Saving the push settings was refused (${res.status})`);
  return res.pushTopics;
}

/** Worth another attempt: no answer, a server error, or a swallowed 404 of an API without push; not a refusal (400, 403). */
export function retryable(error: unknown): boolean {
  if (error instanceof TransportError) return true;
  if (error instanceof ActionCallError) return error.status >= 500 || error.status === 429;
  return true;
}
