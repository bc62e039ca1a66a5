import { describe, expect, it } from 'vitest';
import { isAccountHolder } from './account-holder';

describe('account holders (requirements#checkout-roles)', () => {
  it('are signed-in users that are not anonymous guest sessions', () => {
    expect(isAccountHolder({ isAnonymous: false })).toBe(true);
    expect(isAccountHolder({})).toBe(true);
    expect(isAccountHolder({ isAnonymous: true })).toBe(false);
    expect(isAccountHolder(null)).toBe(false);
    expect(isAccountHolder(undefined)).toBe(false);
  });
});
