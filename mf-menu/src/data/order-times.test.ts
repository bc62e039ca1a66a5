import { describe, expect, it } from 'vitest';
import { orderTimesText } from './order-times';

describe('order times text', () => {
  it('merges weekdays with the same window and leaves out days without one', () => {
    const weekdays = Object.fromEntries(['1', '2', '3', '4', '5'].map((d) => [d, { validFrom: '11:00', validTo: '15:00' }]));
    expect(orderTimesText(weekdays)).toBe('Mo-Fr 11:00 bis 15:00 Uhr');
    expect(orderTimesText({ '2': { validFrom: '17:00', validTo: '22:00' }, '6': { validFrom: '12:00', validTo: '23:00' } })).toBe(
      'Di 17:00 bis 22:00 Uhr, Sa 12:00 bis 23:00 Uhr',
    );
    expect(orderTimesText(undefined)).toBe('');
  });
});
