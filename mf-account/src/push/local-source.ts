import { localPushToken, pushTokenKind } from '@shop/shared/domain/push';
import type { TokenSource } from './token-flow';

/**
 * The offline default's token (no FCM on this host): made once on the device from 32 random bytes
 * and kept as its local push token; messages reach it over the events stream while the shop is open.
 */
export function localTokenSource(current: () => string | null): TokenSource {
  return {
    kind: 'local',
    async getToken() {
      const existing = current();
      if (pushTokenKind(existing) === 'local') return existing!;
      return localPushToken(crypto.getRandomValues(new Uint8Array(32)));
    },
    async deleteToken() {},
  };
}
