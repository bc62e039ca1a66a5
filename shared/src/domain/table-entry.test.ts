import { describe, expect, it } from 'vitest';
import { isTableNumber, readTableQr, typeTableDigit } from './table-entry';

describe('table-number entry (requirements#shop-validation)', () => {
  it('takes digits only, at most 3; a digit on an empty entry replaces it', () => {
    const typed = (keys: string[]) => keys.reduce(typeTableDigit, '');
    expect(typed(['1', '2'])).toBe('12');
    expect(typed(['0', '7'])).toBe('7');
    expect(typed(['a', '4', '-', '2'])).toBe('42');
    expect(typed(['1', '2', '3', '4', '5'])).toBe('123');
    expect(typeTableDigit('', '10')).toBe('');
  });

  it('knows a table number: 1 to 3 digits', () => {
    expect(isTableNumber('7')).toBe(true);
    expect(isTableNumber('400')).toBe(true);
    expect(isTableNumber('')).toBe(false);
    expect(isTableNumber('1234')).toBe(false);
    expect(isTableNumber('1a')).toBe(false);
  });
});

describe('table QR codes (requirements#shop-behaviour, requirements#shop-validation)', () => {
  const host = 'shop.example.de';

  it('reads the table of a QR code of this shop', () => {
    expect(readTableQr('https://shop.example.de/?table=12', host)).toEqual({ kind: 'table', table: '12' });
    expect(readTableQr('  https://SHOP.example.de/Speisen?table=5&area=Terrasse ', host)).toEqual({ kind: 'table', table: '5' });
  });

  it('ignores codes shorter than 5 characters, refuses foreign hosts, and reports unreadable codes', () => {
    expect(readTableQr('12', host)).toEqual({ kind: 'ignored' });
    expect(readTableQr('abcd', host)).toEqual({ kind: 'ignored' });
    expect(readTableQr('https://evil.example.com/?table=12', host)).toEqual({ kind: 'foreign' });
    expect(readTableQr('https://shop.example.de/?table=1234', host)).toEqual({ kind: 'unreadable' });
    expect(readTableQr('https://shop.example.de/Speisen', host)).toEqual({ kind: 'unreadable' });
    expect(readTableQr('Tisch zwölf', host)).toEqual({ kind: 'unreadable' });
  });
});
