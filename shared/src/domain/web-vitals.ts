/**
 * Real-user vitals (docs/requirements.md#web-vitals): LCP, INP and CLS measured in guests' browsers,
 * sent only with consent to statistics, stored on the shop's own server as counts per day, route
 * name, device class, metric and value bucket. No browser id, no address, no single measurement:
 * the report shows the 75th percentile (as Core Web Vitals are judged) and the share rated good.
 */

export const WEB_VITAL_METRICS = ['LCP', 'INP', 'CLS'] as const;
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number];

export const VITALS_DEVICES = ['mobile', 'desktop'] as const;
export type VitalsDevice = (typeof VITALS_DEVICES)[number];

/** Widest viewport (CSS px) still counted as a phone when the browser gives no hint (the shop's xs device class, requirements#screens). */
export const VITALS_MOBILE_MAX_PX = 960;

/**
 * Bucket upper bounds per metric (inclusive; LCP and INP in milliseconds, CLS unitless). The good
 * and poor thresholds of Core Web Vitals are bounds, so the share rated good is exact. A value above
 * the last bound falls into one more bucket (index = bounds.length).
 */
export const WEB_VITAL_BUCKETS: Readonly<Record<WebVitalMetric, readonly number[]>> = {
  LCP: [500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10_000, 15_000, 20_000],
  INP: [50, 100, 150, 200, 250, 300, 400, 500, 750, 1000, 2000, 5000],
  CLS: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.5, 1, 2],
};

/** Core Web Vitals thresholds: at or below `good` is good, above `poor` is poor. */
export const WEB_VITAL_THRESHOLDS: Readonly<Record<WebVitalMetric, { readonly good: number; readonly poor: number }>> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
};

/** The range a measurement must lie in to be stored (anything outside is a broken or forged report). */
export const WEB_VITAL_RANGES: Readonly<Record<WebVitalMetric, { readonly min: number; readonly max: number }>> = {
  LCP: { min: 0, max: 120_000 },
  INP: { min: 0, max: 60_000 },
  CLS: { min: 0, max: 50 },
};

export function isWebVitalInRange(metric: WebVitalMetric, value: number): boolean {
  const range = WEB_VITAL_RANGES[metric];
  return Number.isFinite(value) && value >= range.min && value <= range.max;
}

/** The bucket a measurement is counted in. */
export function webVitalBucket(metric: WebVitalMetric, value: number): number {
  const bounds = WEB_VITAL_BUCKETS[metric];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/** Mobile or desktop: the browser's own hint (User-Agent Client Hints) when it gives one, else the viewport width. */
export function vitalsDevice(widthPx: number, mobileHint?: boolean): VitalsDevice {
  if (typeof mobileHint === 'boolean') return mobileHint ? 'mobile' : 'desktop';
  return widthPx <= VITALS_MOBILE_MAX_PX ? 'mobile' : 'desktop';
}

export interface WebVitalCount {
  readonly route: string;
  readonly device: string;
  readonly metric: string;
  readonly bucket: number;
  readonly samples: number;
}

export interface WebVitalFigure {
  readonly samples: number;
  /** The upper bound of the bucket holding the 75th percentile; null above the last bound (or no samples). */
  readonly p75: number | null;
  /** True when the 75th percentile lies above the last bound. */
  readonly p75Above: boolean;
  /** Share of the samples rated good (0..1). */
  readonly goodShare: number;
  readonly rating: 'good' | 'needs-improvement' | 'poor' | null;
}

export interface WebVitalsRow {
  readonly route: string;
  readonly device: VitalsDevice;
  readonly metrics: Readonly<Record<WebVitalMetric, WebVitalFigure>>;
}

const isMetric = (m: string): m is WebVitalMetric => (WEB_VITAL_METRICS as readonly string[]).includes(m);
const isDevice = (d: string): d is VitalsDevice => (VITALS_DEVICES as readonly string[]).includes(d);

const emptyCounts = (metric: WebVitalMetric): number[] => new Array<number>(WEB_VITAL_BUCKETS[metric].length + 1).fill(0);

/** 75th percentile, share good and rating of one metric's bucket counts. */
export function webVitalFigure(metric: WebVitalMetric, counts: readonly number[]): WebVitalFigure {
  const bounds = WEB_VITAL_BUCKETS[metric];
  const samples = counts.reduce((n, c) => n + c, 0);
  if (samples === 0) return { samples: 0, p75: null, p75Above: false, goodShare: 0, rating: null };
  const goodBucket = webVitalBucket(metric, WEB_VITAL_THRESHOLDS[metric].good);
  const good = counts.slice(0, goodBucket + 1).reduce((n, c) => n + c, 0);
  let seen = 0;
  let index = counts.length - 1;
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i] ?? 0;
    if (seen >= samples * 0.75) {
      index = i;
      break;
    }
  }
  const p75 = index < bounds.length ? bounds[index]! : null;
  const { good: goodAt, poor: poorAt } = WEB_VITAL_THRESHOLDS[metric];
  const rating = p75 === null ? 'poor' : p75 <= goodAt ? 'good' : p75 <= poorAt ? 'needs-improvement' : 'poor';
  return { samples, p75, p75Above: p75 === null, goodShare: good / samples, rating };
}

/**
 * The staff report: per route and device class, each metric's 75th percentile and share good.
 * Rows with an unknown metric, device or bucket are ignored; routes with most samples first.
 */
export function summarizeWebVitals(rows: readonly WebVitalCount[]): WebVitalsRow[] {
  const groups = new Map<string, { route: string; device: VitalsDevice; counts: Record<WebVitalMetric, number[]> }>();
  for (const row of rows) {
    if (!isMetric(row.metric) || !isDevice(row.device) || row.samples <= 0) continue;
    const size = WEB_VITAL_BUCKETS[row.metric].length + 1;
    if (!Number.isInteger(row.bucket) || row.bucket < 0 || row.bucket >= size) continue;
    const key = `${row.route}\u0000${row.device}`;
    let group = groups.get(key);
    if (!group) {
      group = { route: row.route, device: row.device, counts: { LCP: emptyCounts('LCP'), INP: emptyCounts('INP'), CLS: emptyCounts('CLS') } };
      groups.set(key, group);
    }
    group.counts[row.metric][row.bucket]! += row.samples;
  }
  const result = [...groups.values()].map((g) => ({
    route: g.route,
    device: g.device,
    metrics: { LCP: webVitalFigure('LCP', g.counts.LCP), INP: webVitalFigure('INP', g.counts.INP), CLS: webVitalFigure('CLS', g.counts.CLS) },
  }));
  const total = (r: WebVitalsRow) => Math.max(...WEB_VITAL_METRICS.map((m) => r.metrics[m].samples));
  return result.sort((a, b) => total(b) - total(a) || a.route.localeCompare(b.route) || a.device.localeCompare(b.device));
}
