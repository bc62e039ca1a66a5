// The collecting and sending of real-user vitals (docs/requirements.md#web-vitals), with the web-vitals
// library: one chunk of its own, loaded by ./web-vitals only with consent to statistics.
import { BROWSER_ID_KEY } from '@shop/shared/client';
import { CONTRACT_VERSION } from '@shop/shared/contract/version';
import { isWebVitalInRange, vitalsDevice, WEB_VITAL_METRICS, type VitalsDevice, type WebVitalMetric } from '@shop/shared/domain/web-vitals';
import { onCLS, onINP, onLCP } from 'web-vitals';

/** What the library reports (the part of web-vitals' Metric this module reads). */
interface ReportedMetric {
  readonly name: string;
  readonly value: number;
}

export interface VitalsReport {
  readonly route: string;
  readonly device: VitalsDevice;
  readonly vitals: { metric: WebVitalMetric; value: number }[];
}

const isMetric = (name: string): name is WebVitalMetric => (WEB_VITAL_METRICS as readonly string[]).includes(name);

/**
 * Collects one page load's vitals and sends each metric once: what web-vitals has reported when the
 * page is first hidden (its own moment to report CLS and INP). Pure of the browser: `send` and the
 * consent check are given, so the rule is testable.
 */
export function createVitalsCollector(route: string, device: VitalsDevice, send: (report: VitalsReport) => void, allowed: () => boolean) {
  const pending = new Map<WebVitalMetric, number>();
  const sent = new Set<WebVitalMetric>();
  return {
    report: (metric: ReportedMetric): void => {
      if (!isMetric(metric.name) || sent.has(metric.name) || !isWebVitalInRange(metric.name, metric.value)) return;
      pending.set(metric.name, metric.value);
    },
    flush: (): void => {
      if (pending.size === 0) return;
      const vitals = [...pending].map(([metric, value]) => ({ metric, value }));
      pending.clear();
      // Consent withdrawn meanwhile: nothing leaves the browser.
      if (!allowed()) return;
      for (const v of vitals) sent.add(v.metric);
      send({ route, device, vitals });
    },
  };
}

/**
 * Sends the report to the shop's own statistics (LogWebVitals) with `keepalive`, so it also leaves a
 * page that is being closed (the action client cannot: its requests end with the page).
 */
function sendReport(report: VitalsReport): void {
  try {
    void fetch('/api/action', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        action: 'LogWebVitals',
        payload: report,
        channel: 'on-the-go',
        browserId: localStorage.getItem(BROWSER_ID_KEY) ?? '',
        secToken: '',
        timeout: 10_000,
        contractVersion: CONTRACT_VERSION,
      }),
    }).catch(() => undefined);
  } catch {
    // Statistics are best effort.
  }
}

/**
 * Starts web-vitals for the route the guest landed on and sends what it reports when the page is
 * first hidden, while `allowed()` holds.
 */
export function collectVitals(landed: string, hint: boolean | undefined, allowed: () => boolean): void {
  const collector = createVitalsCollector(landed, vitalsDevice(window.innerWidth, hint), sendReport, allowed);
  onLCP(collector.report);
  onINP(collector.report);
  onCLS(collector.report);
  // web-vitals reports on the same event, from listeners some of which it adds later (CLS after the
  // first paint): sent in the next task, and at once when the page is being left (pagehide comes after).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') window.setTimeout(collector.flush, 0);
  });
  window.addEventListener('pagehide', () => collector.flush());
}
