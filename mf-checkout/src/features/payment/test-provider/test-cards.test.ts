import { describe, expect, it } from 'vitest';
import { expiryValid, formatCardNumber, luhnValid, tokenizeTestCard } from './test-cards';

const NOW = Date.UTC(2025, 5, 10);

describe('test card form (mirrors Stripe test cards; no number leaves the browser)', () => {
  it('maps the test numbers to test payment method tokens', () => {
    expect(tokenizeTestCard({ number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' }, NOW)).toEqual({ ok: true, token: 'pm_card_visa', exp: '12/34' });
    expect(tokenizeTestCard({ number: '4000 0000 0000 0002', exp: '12/34', cvc: '123' }, NOW)).toMatchObject({ token: 'pm_card_chargeDeclined' });
    expect(tokenizeTestCard({ number: '4000 0027 6000 3184', exp: '12/34', cvc: '123' }, NOW)).toMatchObject({ token: 'pm_card_authenticationRequired' });
  });
  it('names the field at fault', () => {
    expect(tokenizeTestCard({ number: '4242 4242 4242 4241', exp: '12/34', cvc: '123' }, NOW)).toEqual({ ok: false, field: 'number' });
    expect(tokenizeTestCard({ number: '4242 4242 4242 4242', exp: '05/25', cvc: '123' }, NOW)).toEqual({ ok: false, field: 'exp' });
    expect(tokenizeTestCard({ number: '4242 4242 4242 4242', exp: '06/25', cvc: '12' }, NOW)).toEqual({ ok: false, field: 'cvc' });
    expect(tokenizeTestCard({ number: '4111 1111 1111 1111', exp: '06/25', cvc: '123' }, NOW)).toEqual({ ok: false, field: 'unknown' });
  });
  it('checks Luhn and expiry, groups digits', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
    expect(expiryValid('13/30', NOW)).toBe(false);
    expect(expiryValid('06/25', NOW)).toBe(true);
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  });
});
