import { describe, expect, it } from 'vitest';
import {
  cardNumberFrom,
  accountMayTryCode,
  claimAttemptsLeft,
  formatCardNumber,
  isValidCardNumber,
  isValidCheckCode,
  luhnDigit,
  normalizeCardNumber,
  topUpProblem,
} from './customer-cards';

describe('customer card numbers', () => {
  it('computes the Luhn check digit', () => {
    // 7992739871 → 3 (the textbook example)
    expect(luhnDigit('7992739871')).toBe(3);
    expect(cardNumberFrom('12345678901')).toBe('123456789015');
  });

  it('accepts 12 digits with the right check digit, spaces and dashes allowed', () => {
    expect(isValidCardNumber('123456789015')).toBe(true);
    expect(isValidCardNumber('1234 5678 9015')).toBe(true);
    expect(isValidCardNumber('1234-5678-9015')).toBe(true);
  });

  it('catches a mistyped or swapped digit and wrong lengths', () => {
    expect(isValidCardNumber('123456789016')).toBe(false);
    expect(isValidCardNumber('213456789015')).toBe(false);
    expect(isValidCardNumber('12345678901')).toBe(false);
    expect(isValidCardNumber('1234567890150')).toBe(false);
    expect(isValidCardNumber('12345678901a')).toBe(false);
    expect(() => cardNumberFrom('123')).toThrow();
  });

  it('prints the number in groups of four', () => {
    expect(formatCardNumber('123456789015')).toBe('1234 5678 9015');
    expect(normalizeCardNumber(' 1234 5678-9015 ')).toBe('123456789015');
  });

  it('takes a 6-digit check code', () => {
    expect(isValidCheckCode('482913')).toBe(true);
    expect(isValidCheckCode('482 913')).toBe(true);
    expect(isValidCheckCode('48291')).toBe(false);
    expect(isValidCheckCode('48291x')).toBe(false);
  });
});

describe('top-ups', () => {
  it('takes 1 € to 500 € up to a balance of 1000 €', () => {
    expect(topUpProblem(100, 0)).toBeNull();
    expect(topUpProblem(50_000, 50_000)).toBeNull();
    expect(topUpProblem(99, 0)).toBe('too-small');
    expect(topUpProblem(0, 0)).toBe('too-small');
    expect(topUpProblem(-500, 1000)).toBe('too-small');
    expect(topUpProblem(50_001, 0)).toBe('too-large');
    expect(topUpProblem(1, 99_999)).toBe('too-small');
    expect(topUpProblem(200, 99_900)).toBe('balance-limit');
    expect(topUpProblem(10.5, 0)).toBe('invalid');
  });

  it('stops taking check codes after 5 wrong ones', () => {
    expect(claimAttemptsLeft(49)).toBe(true);
    expect(claimAttemptsLeft(50)).toBe(false);
    // Per account: five wrong codes in the window, then none until it has passed.
    expect(accountMayTryCode(4)).toBe(true);
    expect(accountMayTryCode(5)).toBe(false);
  });
});
