import type { OpeningHours } from '@shop/shared/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HoursTable } from './OpeningHoursPage';

const closed = { fromHour: -1, fromMinute: 0, tillHour: -1, tillMinute: 0 };
const lunchAndEvening = {
  opened: true,
  a: { fromHour: 11, fromMinute: 30, tillHour: 14, tillMinute: 0 },
  b: { fromHour: 17, fromMinute: 0, tillHour: 22, tillMinute: 0 },
};
const off = { opened: false, a: closed, b: closed };
const HOURS: OpeningHours = {
  '1': off,
  '2': lunchAndEvening,
  '3': lunchAndEvening,
  '4': lunchAndEvening,
  '5': lunchAndEvening,
  '6': lunchAndEvening,
  '7': off,
};

describe('the opening hours table (component)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2025, 5, 11, 10, 0)); // Wednesday 11 June 2025, 12:00 in Hamburg
  });
  afterEach(() => vi.useRealTimers());

  it("merges equal days, says 'Geschlossen', and marks today's row", () => {
    render(<HoursTable hours={HOURS} testId="hours" />);
    const rows = screen.getAllByTestId('hours-row');
    expect(rows.map((r) => r.textContent)).toEqual(['MontagGeschlossen', 'Dienstag-Samstag11:30 bis 14:00 Uhr und 17:00 bis 22:00 Uhr', 'SonntagGeschlossen']);
    const today = rows.filter((r) => r.className.includes('today'));
    expect(today).toHaveLength(1);
    expect(today[0]!.textContent).toContain('Dienstag-Samstag'); // the row that holds Wednesday
  });
});
