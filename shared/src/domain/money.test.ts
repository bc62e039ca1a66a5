import { describe, expect, it } from 'vitest';
import { parseEuroInput } from './money';

describe('euro amounts typed by the staff', () => {
  it('reads whole euros and up to two decimals with comma or point', () => {
    expect(parseEuroInput('20')).toBe(2000);
    expect(parseEuroInput('12,50')).toBe(1250);
    expect(parseEuroInput('12,5')).toBe(1250);
    expect(parseEuroInput('12.05')).toBe(1205);
    expect(parseEuroInput(' 20 € ')).toBe(2000);
    expect(parseEuroInput('0,10')).toBe(10);
  });

  it('refuses anything else', () => {
    for (const text of ['', 'abc', '-5', '1.000,00', '12,505', '12,', '1e3', '100000']) expect(parseEuroInput(text), text).toBeNull();
  });
});
