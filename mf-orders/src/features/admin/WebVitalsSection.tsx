import { summarizeWebVitals, WEB_VITAL_BUCKETS, WEB_VITAL_METRICS, type WebVitalFigure, type WebVitalMetric } from '@shop/shared/domain/web-vitals';
import { fill } from '@shop/shared/i18n/fill';
import { staff as texts } from '@shop/shared/i18n/staff';
import { ROUTES, type RouteDef } from '@shop/shared/routes';
import { PAGE_VIEW_NOT_FOUND } from '@shop/shared/domain/page-views';
import { StaffGate } from './StaffGate';
import { staffCall, useStaffData } from './staff-data';
import css from './admin.module.css';

function routeLabel(route: string): string {
  if (route === PAGE_VIEW_NOT_FOUND) return texts.statsNotFound;
  const def = (ROUTES as Record<string, RouteDef | undefined>)[route];
  return def?.title && def.title !== route ? `${def.title} (${route})` : route;
}

const RATING = { good: texts.vitalsGood, 'needs-improvement': texts.vitalsNeedsImprovement, poor: texts.vitalsPoor } as const;

/** A metric's 75th percentile as staff read it: seconds for LCP, milliseconds for INP, CLS as is; with its rating. */
function figureText(metric: WebVitalMetric, figure: WebVitalFigure): string {
  if (figure.samples === 0) return '–';
  const bounds = WEB_VITAL_BUCKETS[metric];
  const format = (value: number) =>
    metric === 'LCP'
      ? `${(value / 1000).toLocaleString('de-DE', { maximumFractionDigits: 1 })} s`
      : metric === 'INP'
        ? `${value} ms`
        : value.toLocaleString('de-DE');
  const value = figure.p75 === null ? fill(texts.vitalsAbove, { value: format(bounds[bounds.length - 1]!) }) : `≤ ${format(figure.p75)}`;
  return figure.rating ? `${value} (${RATING[figure.rating]})` : value;
}

/** Real-user vitals by page and device class (docs/requirements.md#web-vitals), for the period of the statistics. */
export function WebVitalsSection({ days }: { days: number }) {
  const { state } = useStaffData(async () => {
    const res = await staffCall('LoadWebVitalsReport', { days });
    return summarizeWebVitals(res.rows);
  }, [days]);
  return (
    <section data-testid="admin-vitals">
      <h3 className={css.subTitle}>{texts.vitalsTitle}</h3>
      <p className={css.intro}>{texts.vitalsIntro}</p>
      <StaffGate state={state}>
        {(rows) =>
          rows.length === 0 ? (
            <p className={css.muted}>{texts.vitalsNone}</p>
          ) : (
            <table className={css.table} data-testid="admin-vitals-table">
              <thead>
                <tr>
                  <th scope="col">{texts.vitalsRoute}</th>
                  <th scope="col">{texts.vitalsDevice}</th>
                  {WEB_VITAL_METRICS.map((m) => (
                    <th scope="col" key={m}>
                      {m}
                    </th>
                  ))}
                  <th scope="col">{texts.vitalsSamples}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.route}/${r.device}`} data-route={r.route} data-device={r.device}>
                    <td>{routeLabel(r.route)}</td>
                    <td>{r.device === 'mobile' ? texts.vitalsMobile : texts.vitalsDesktop}</td>
                    {WEB_VITAL_METRICS.map((m) => (
                      <td key={m} data-metric={m}>
                        {figureText(m, r.metrics[m])}
                      </td>
                    ))}
                    <td>{Math.max(...WEB_VITAL_METRICS.map((m) => r.metrics[m].samples))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </StaffGate>
    </section>
  );
}
