import { describe, expect, it } from 'vitest';
import { isWebVitalInRange, summarizeWebVitals, vitalsDevice, WEB_VITAL_BUCKETS, webVitalBucket, webVitalFigure } from './web-vitals';

describe('web vitals (docs/requirements.md#web-vitals)', () => {
  it('buckets a value by the first bound at or above it; above the last bound is one more bucket', () => {
    expect(webVitalBucket('LCP', 0)).toBe(0);
    expect(webVitalBucket('LCP', 500)).toBe(0);
    expect(webVitalBucket('LCP', 501)).toBe(1);
    expect(webVitalBucket('LCP', 2500)).toBe(WEB_VITAL_BUCKETS.LCP.indexOf(2500));
    expect(webVitalBucket('LCP', 90_000)).toBe(WEB_VITAL_BUCKETS.LCP.length);
    expect(webVitalBucket('CLS', 0.1)).toBe(WEB_VITAL_BUCKETS.CLS.indexOf(0.1));
    expect(webVitalBucket('INP', 201)).toBe(WEB_VITAL_BUCKETS.INP.indexOf(250));
  });

  it('keeps only finite values within each metric range', () => {
    expect(isWebVitalInRange('LCP', 1800)).toBe(true);
    expect(isWebVitalInRange('LCP', -1)).toBe(false);
    expect(isWebVitalInRange('LCP', 200_000)).toBe(false);
    expect(isWebVitalInRange('CLS', 0.02)).toBe(true);
    expect(isWebVitalInRange('CLS', 51)).toBe(false);
    expect(isWebVitalInRange('INP', Number.NaN)).toBe(false);
    expect(isWebVitalInRange('INP', Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('device class: the browser hint first, else the viewport width', () => {
    expect(vitalsDevice(412)).toBe('mobile');
    expect(vitalsDevice(960)).toBe('mobile');
    expect(vitalsDevice(1280)).toBe('desktop');
    expect(vitalsDevice(1280, true)).toBe('mobile');
    expect(vitalsDevice(412, false)).toBe('desktop');
  });

  it('the 75th percentile is the bound of the bucket that reaches three quarters of the samples', () => {
    const counts = new Array<number>(WEB_VITAL_BUCKETS.LCP.length + 1).fill(0);
    counts[webVitalBucket('LCP', 900)] = 2; // ≤ 1000
    counts[webVitalBucket('LCP', 1800)] = 1; // ≤ 2000
    counts[webVitalBucket('LCP', 3800)] = 1; // ≤ 4000
    const figure = webVitalFigure('LCP', counts);
    expect(figure).toMatchObject({ samples: 4, p75: 2000, p75Above: false, goodShare: 0.75, rating: 'good' });
    counts[webVitalBucket('LCP', 3800)] = 3;
    expect(webVitalFigure('LCP', counts)).toMatchObject({ samples: 6, p75: 4000, rating: 'needs-improvement', goodShare: 0.5 });
    counts[WEB_VITAL_BUCKETS.LCP.length] = 20;
    expect(webVitalFigure('LCP', counts)).toMatchObject({ p75: null, p75Above: true, rating: 'poor' });
    expect(webVitalFigure('INP', [])).toMatchObject({ samples: 0, p75: null, rating: null });
  });

  it('summarises per route and device, ignoring unknown metrics, devices and buckets', () => {
    const rows = [
      { route: 'Speise', device: 'mobile', metric: 'LCP', bucket: webVitalBucket('LCP', 2200), samples: 3 },
      { route: 'Speise', device: 'mobile', metric: 'CLS', bucket: webVitalBucket('CLS', 0.01), samples: 3 },
      { route: 'Speise', device: 'desktop', metric: 'INP', bucket: webVitalBucket('INP', 80), samples: 1 },
      { route: 'Home', device: 'mobile', metric: 'LCP', bucket: 0, samples: 5 },
      { route: 'Home', device: 'tablet', metric: 'LCP', bucket: 0, samples: 5 },
      { route: 'Home', device: 'mobile', metric: 'FID', bucket: 0, samples: 5 },
      { route: 'Home', device: 'mobile', metric: 'LCP', bucket: 99, samples: 5 },
    ];
    const summary = summarizeWebVitals(rows);
    expect(summary.map((r) => `${r.route}/${r.device}`)).toEqual(['Home/mobile', 'Speise/mobile', 'Speise/desktop']);
    expect(summary[0]!.metrics.LCP).toMatchObject({ samples: 5, p75: 500, rating: 'good' });
    expect(summary[1]!.metrics.LCP).toMatchObject({ samples: 3, p75: 2500, rating: 'good' });
    expect(summary[1]!.metrics.CLS).toMatchObject({ samples: 3, p75: 0.01 });
    expect(summary[1]!.metrics.INP.samples).toBe(0);
    expect(summary[2]!.metrics.INP).toMatchObject({ samples: 1, p75: 100 });
  });
});
