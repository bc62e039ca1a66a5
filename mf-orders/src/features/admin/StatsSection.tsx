import { useId, useState } from 'react';
import { PAGE_VIEW_NOT_FOUND, summarizePageViews } from '@shop/shared/domain/page-views';
import { fill } from '@shop/shared/i18n/fill';
import { staff as texts } from '@shop/shared/i18n/staff';
import { ROUTES, type RouteDef } from '@shop/shared/routes';
import { StaffGate } from './StaffGate';
import { WebVitalsSection } from './WebVitalsSection';
import { staffCall, useStaffData } from './staff-data';
import css from './admin.module.css';

const PERIODS = [7, 14, 30] as const;

function routeLabel(route: string): string {
  if (route === PAGE_VIEW_NOT_FOUND) return texts.statsNotFound;
  const def = (ROUTES as Record<string, RouteDef | undefined>)[route];
  return def?.title && def.title !== route ? `${def.title} (${route})` : route;
}

const dayFormat = new Intl.DateTimeFormat('de-DE', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

/** Statistik: page views per route and day (counted only with the guests' consent; nothing personal). */
export function StatsSection() {
  const [days, setDays] = useState<(typeof PERIODS)[number]>(14);
  const selectId = useId();
  const { state } = useStaffData(async () => {
    const res = await staffCall('LoadPageViewReport', { days });
    return summarizePageViews(res.rows, res.days);
  }, [days]);

  return (
    <section>
      <p className={css.intro}>{texts.statsIntro}</p>
      <div className={css.field}>
        <label htmlFor={selectId}>{texts.statsPeriod}</label>
        <select id={selectId} value={days} onChange={(e) => setDays(Number(e.target.value) as (typeof PERIODS)[number])} data-testid="admin-stats-days">
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {fill(texts.statsDays, { days: p })}
            </option>
          ))}
        </select>
      </div>
      <StaffGate state={state}>
        {(summary) => (
          <>
            <p className={css.balance} data-testid="admin-stats-total">
              {fill(texts.statsTotal, { count: summary.total })}
            </p>
            <h3 className={css.subTitle}>{texts.statsByRoute}</h3>
            {summary.byRoute.length === 0 ? <p className={css.muted}>{texts.statsNone}</p> : null}
            <table className={css.table} data-testid="admin-stats-routes" hidden={summary.byRoute.length === 0}>
              <thead>
                <tr>
                  <th scope="col">{texts.statsRoute}</th>
                  <th scope="col">{texts.statsViews}</th>
                </tr>
              </thead>
              <tbody>
                {summary.byRoute.map((r) => (
                  <tr key={r.route} data-route={r.route}>
                    <td>{routeLabel(r.route)}</td>
                    <td>{r.views}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h3 className={css.subTitle}>{texts.statsByDay}</h3>
            <ul className={css.days} data-testid="admin-stats-days-list">
              {summary.byDay.map((d) => (
                <li key={d.day} data-day={d.day}>
                  <details>
                    <summary>
                      {dayLabel(d.day)}: {d.views} {texts.statsViews}
                    </summary>
                    {d.routes.length === 0 ? (
                      <p className={css.muted}>{texts.statsNone}</p>
                    ) : (
                      <ul className={css.entries}>
                        {d.routes.map((r) => (
                          <li key={r.route}>
                            <span>{routeLabel(r.route)}</span>
                            <strong>{r.views}</strong>
                          </li>
                        ))}
                      </ul>
                    )}
                  </details>
                </li>
              ))}
            </ul>
          </>
        )}
      </StaffGate>
      <WebVitalsSection days={days} />
    </section>
  );
}
