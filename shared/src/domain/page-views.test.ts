import { describe, expect, it } from 'vitest';
import { pageViewDay, reportDays, summarizePageViews } from './page-views';

describe('page-view days (shop time zone)', () => {
  it('counts a view for the day in Hamburg, not in UTC', () => {
    // 23:30 UTC on 24 Nov is 00:30 on 25 Nov in Hamburg (CET).
    expect(pageViewDay(Date.UTC(2026, 10, 24, 23, 30))).toBe('2026-11-25');
    expect(pageViewDay(Date.UTC(2026, 10, 24, 22, 59))).toBe('2026-11-24');
    // Summer time: 22:30 UTC on 30 June is 00:30 on 1 July.
    expect(pageViewDay(Date.UTC(2026, 5, 30, 22, 30))).toBe('2026-07-01');
  });

  it('lists the days of a report, oldest first, across months and years', () => {
    expect(reportDays(Date.UTC(2026, 0, 2, 12), 4)).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(reportDays(Date.UTC(2026, 2, 30, 12), 3)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(reportDays(Date.UTC(2026, 2, 30, 12), 0)).toEqual(['2026-03-30']);
  });
});

describe('the owner report', () => {
  const days = ['2026-11-23', '2026-11-24'];
  const rows = [
    { day: '2026-11-23', route: 'Home', views: 4 },
    { day: '2026-11-24', route: 'Home', views: 2 },
    { day: '2026-11-24', route: 'Korb', views: 3 },
    { day: '2026-11-20', route: 'Home', views: 100 },
  ];

  it('adds up per route and per day within the period, newest day first', () => {
    const s = summarizePageViews(rows, days);
    expect(s.total).toBe(9);
    expect(s.byRoute).toEqual([
      { route: 'Home', views: 6 },
      { route: 'Korb', views: 3 },
    ]);
    expect(s.byDay).toEqual([
      {
        day: '2026-11-24',
        views: 5,
        routes: [
          { route: 'Korb', views: 3 },
          { route: 'Home', views: 2 },
        ],
      },
      { day: '2026-11-23', views: 4, routes: [{ route: 'Home', views: 4 }] },
    ]);
  });

  it('shows days without views', () => {
    const s = summarizePageViews([], days);
    expect(s.total).toBe(0);
    expect(s.byDay.map((d) => d.views)).toEqual([0, 0]);
  });

  it('joins rows of the same route and day (several device classes)', () => {
    const s = summarizePageViews(
      [
        { day: '2026-11-24', route: 'Home', views: 1 },
        { day: '2026-11-24', route: 'Home', views: 2 },
      ],
      days,
    );
    expect(s.byDay[0]!.routes).toEqual([{ route: 'Home', views: 3 }]);
  });
});
