import { describe, expect, it } from 'vitest';
import { buyerFuid, offeredMethods } from './offered-methods';

const providers = { bar: true, stripe: true, paypal: true, wallet: true, customerCard: true };
const test = { mode: 'test' as const };

describe('payment methods offered (requirements#checkout-screens, requirements#checkout-roles)', () => {
  it('offers the customer card to account holders only, not to guests or anonymous guest sessions', () => {
    expect(offeredMethods({ providers, payments: test, walletAvailable: false, user: { isAnonymous: false } })).toEqual(['paypal', 'credit', 'customerCard']);
    expect(offeredMethods({ providers, payments: test, walletAvailable: false, user: null })).toEqual(['paypal', 'credit']);
    expect(offeredMethods({ providers, payments: test, walletAvailable: false, user: { isAnonymous: true } })).toEqual(['paypal', 'credit']);
  });

  it('offers the wallet where the device can pay, and live providers only with their keys', () => {
    expect(offeredMethods({ providers, payments: test, walletAvailable: true, user: null })).toEqual(['paypal', 'credit', 'wallet']);
    expect(offeredMethods({ providers, payments: { mode: 'live', stripePublishableKey: 'pk' }, walletAvailable: true, user: null })).toEqual([
      'credit',
      'wallet',
    ]);
  });

  it('creates a payment customer for an account holder only (saved cards are theirs)', () => {
    expect(buyerFuid({ uid: 'u1' })).toBe('u1');
    expect(buyerFuid({ uid: 'a1', isAnonymous: true })).toBeNull();
    expect(buyerFuid(null)).toBeNull();
  });
});
