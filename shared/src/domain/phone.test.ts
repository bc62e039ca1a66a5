import { describe, expect, it } from 'vitest';
import { filterPhoneInput, isLongEnoughPhone, isWellFormedPhone, normalisePhone, phoneLength } from './phone';

describe('phone normalisation (requirements#shop-validation)', () => {
  it('turns a leading 00 into +', () => {
    expect(normalisePhone('0043 660 1234567')).toBe('+436601234567');
  });
  it('prefixes +49 when there is no prefix and drops the trunk zero after the country code', () => {
    expect(normalisePhone('0151 12345678')).toBe('+4915112345678');
    expect(normalisePhone('151 12345678')).toBe('+4915112345678');
  });
  it('removes spaces and drops a zero right after a 2-digit country code', () => {
    expect(normalisePhone('+49 0151 123 456 78')).toBe('+4915112345678');
    expect(normalisePhone('+41 79 123 45 67')).toBe('+41791234567');
  });
  it('keeps an empty value empty', () => {
    expect(normalisePhone('   ')).toBe('');
  });
});

describe('phone input and validity', () => {
  it('accepts only digits, spaces and plus while typing', () => {
    expect(filterPhoneInput('+49 (151) 123-45/67a')).toBe('+49 151 1234567');
  });
  it('counts characters without spaces', () => {
    expect(phoneLength('0151 123 45')).toBe(9);
    expect(isLongEnoughPhone('0151 123 45', 9)).toBe(true);
    expect(isLongEnoughPhone('0151 123 4', 9)).toBe(false);
    expect(isLongEnoughPhone('015112345', 10)).toBe(false);
    expect(isLongEnoughPhone('0151123456', 10)).toBe(true);
  });
  it('refuses letters, a plus in the middle and too many digits', () => {
    expect(isWellFormedPhone('0151 1234567')).toBe(true);
    expect(isWellFormedPhone('+49 151 1234567')).toBe(true);
    expect(isWellFormedPhone('0151-1234567')).toBe(false);
    expect(isWellFormedPhone('0151 12a4567')).toBe(false);
    expect(isWellFormedPhone('0151+1234567')).toBe(false);
    expect(isWellFormedPhone('+49 1511 2345 6789 0123')).toBe(false);
    expect(isWellFormedPhone('123')).toBe(false);
  });
});
