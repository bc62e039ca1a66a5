import { expect } from 'vitest';
import type { SavedOrder } from '@shop/shared/contract';
import type { TokenVerifier } from '../../src/auth/verify';
import type { TestApi } from './test-api';

/**
 * A verifier for API tests: 'user:<uid>' is a signed-in guest, 'staff:<uid>' a staff account (the
 * custom claim staff: true), 'anon:<uid>' an anonymous guest session (signInAnonymously); a third
 * part is the token's issue time in seconds ('user:<uid>:<iat>'; without it the token counts as
 * issued long ago). Real token verification is tested against the Auth emulator (auth.test.ts).
 */
export const testVerifier: TokenVerifier = {
  async verify(token) {
    // 'anon.<uid>.' is the same token shaped like a JWT (for payloads that must look like one).
    const [kind, uid, iat] = token.includes(':') ? token.split(':') : token.split('.');
    const issued = iat && /^\d+$/.test(iat) ? { issuedAt: Number(iat) } : {};
    if (kind === 'anon' && uid) return { uid, email: null, emailVerified: false, name: null, providerId: 'anonymous', isAnonymous: true, ...issued };
    if (!uid || (kind !== 'user' && kind !== 'staff')) return null;
    return {
      uid,
      email: `${uid}@example.org`,
      emailVerified: true,
      name: null,
      providerId: 'password',
      ...(kind === 'staff' ? { staff: true } : {}),
      ...issued,
    };
  },
};

export const STAFF_TOKEN = 'staff:kueche';

export type StaffChange = 'confirm' | 'ready' | 'collected' | 'reject' | 'cancel';

/** The kitchen changes an order on the board (UpdateOrderStatus); expects success. */
export async function staffChange(
  t: TestApi,
  uniqueOrderId: string,
  change: StaffChange,
  extra: { reason?: string; part?: 'food' | 'drinks' } = {},
): Promise<SavedOrder> {
  const res = await t.call('UpdateOrderStatus', { uniqueOrderId, change, ...extra }, { token: STAFF_TOKEN });
  expect(res.status, `${change} ${uniqueOrderId}: ${JSON.stringify(res.body.error)}`).toBe(200);
  return res.body.order as SavedOrder;
}

/** Accepted, readied and handed over: an order the guest has collected. */
export async function handOver(t: TestApi, uniqueOrderId: string): Promise<SavedOrder> {
  await staffChange(t, uniqueOrderId, 'confirm');
  await staffChange(t, uniqueOrderId, 'ready');
  return staffChange(t, uniqueOrderId, 'collected');
}
