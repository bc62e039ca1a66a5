import { describe, expect, it } from 'vitest';
import { createVitalsCollector, type VitalsReport } from './vitals-report';

describe('real-user vitals collector (docs/requirements.md#web-vitals)', () => {
  it('sends what was reported when the page is hidden, each metric once, in range only', () => {
    const sent: VitalsReport[] = [];
    const c = createVitalsCollector(
      'Speise',
      'mobile',
      (r) => sent.push(r),
      () => true,
    );
    c.flush();
    expect(sent).toEqual([]);
    c.report({ name: 'LCP', value: 1800 });
    c.report({ name: 'CLS', value: 0.01 });
    c.report({ name: 'FID', value: 12 });
    c.report({ name: 'INP', value: -3 });
    c.flush();
    expect(sent).toEqual([
      {
        route: 'Speise',
        device: 'mobile',
        vitals: [
          { metric: 'LCP', value: 1800 },
          { metric: 'CLS', value: 0.01 },
        ],
      },
    ]);
    // Later reports of metrics already sent are not sent again; a new metric is.
    c.report({ name: 'CLS', value: 0.3 });
    c.report({ name: 'INP', value: 120 });
    c.flush();
    expect(sent[1]).toEqual({ route: 'Speise', device: 'mobile', vitals: [{ metric: 'INP', value: 120 }] });
    c.flush();
    expect(sent).toHaveLength(2);
  });

  it('sends nothing once consent is withdrawn', () => {
    const sent: VitalsReport[] = [];
    let consent = true;
    const c = createVitalsCollector(
      'Home',
      'desktop',
      (r) => sent.push(r),
      () => consent,
    );
    c.report({ name: 'LCP', value: 900 });
    consent = false;
    c.flush();
    expect(sent).toEqual([]);
  });
});
