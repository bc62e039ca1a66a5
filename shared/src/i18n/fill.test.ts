import { afterEach, describe, expect, it, vi } from 'vitest';
import { de } from './de';
import { fill, UnfilledPlaceholderError } from './fill';

/** Every text of the catalogue with the area and key it lives under. */
function catalogue(): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') out.push({ where, text: value });
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, where ? `${where}.${k}` : k);
  };
  walk(de, '');
  return out;
}

describe('fill', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('fills every placeholder, numbers included, as often as it occurs', () => {
    expect(fill('Vorbestellung für {time} Uhr', { time: '12:30' })).toBe('Vorbestellung für 12:30 Uhr');
    expect(fill('{n} von {total}', { n: 2, total: 3 })).toBe('2 von 3');
    expect(fill('{a} und {a}', { a: 'x' })).toBe('x und x');
    expect(fill('ohne Platzhalter', {})).toBe('ohne Platzhalter');
    // 0 is a value, not a gap.
    expect(fill('{count} Artikel', { count: 0 })).toBe('0 Artikel');
  });

  it('never lets an empty placeholder through: missing, empty, blank and NaN values throw in unit tests', () => {
    // The waiter confirmation without a table once read 'kommen gleich zu Tisch .'.
    const text = de.orders.waiterCallDone;
    expect(text).toContain('{table}');
    expect(() => fill(text, { table: '' })).toThrow(UnfilledPlaceholderError);
    expect(() => fill(text, { table: '  ' })).toThrow(/Unfilled placeholder \{table\}/);
    expect(() => fill(text, {})).toThrow(UnfilledPlaceholderError);
    expect(() => fill(text, { table: undefined })).toThrow(UnfilledPlaceholderError);
    expect(() => fill('{n} Optionen', { n: Number.NaN })).toThrow(UnfilledPlaceholderError);
    try {
      fill('{a} und {b}', { a: 'x' });
    } catch (error) {
      expect(error).toBeInstanceOf(UnfilledPlaceholderError);
      expect((error as UnfilledPlaceholderError).placeholders).toEqual(['b']);
    }
  });

  it('outside unit tests renders nothing rather than a half sentence, and reports it on the console', () => {
    vi.stubEnv('VITEST', '');
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(fill(de.orders.waiterCallDone, { table: '' })).toBe('');
    expect(report).toHaveBeenCalledWith(expect.stringContaining('Unfilled placeholder {table}'));
    expect(fill('Tisch {table}', { table: '7' })).toBe('Tisch 7');
    report.mockRestore();
  });

  it('the catalogue holds only well-formed placeholders: {word}, no stray braces', () => {
    const bad = catalogue().filter(({ text }) => /[{}]/.test(text.replace(/\{\w+\}/g, '')));
    expect(bad).toEqual([]);
  });
});
