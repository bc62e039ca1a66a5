import { z } from 'zod';
import { DEVICE_CLASSES } from '../../domain/shop-constants';
import { VITALS_DEVICES, WEB_VITAL_METRICS, WEB_VITAL_RANGES } from '../../domain/web-vitals';

/** A route name of the route table (shared/src/routes/table.ts) or 'notFound'; the server checks membership. */
const routeName = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z]+$/, 'expected a route name');
const deviceClass = z.enum(DEVICE_CLASSES);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The shop's own page-view statistics (requirements#screens "each route change logs a page view"; requirements#entities Privacy
 * consent). The shell sends a view only while the guest's consent to statistics holds (domain/consent.ts).
 * Stored: route name, day (the server's, shop time zone) and device class, as a count; nothing else.
 */
export const statisticsActions = {
  LogPageView: {
    payload: z.object({ route: routeName, deviceClass }).strict(),
    /** counted false: this device's view of the route was counted already this minute. */
    response: z.object({ counted: z.boolean() }),
  },
  /** Staff only: the owner's report, page views per route, day and device class of the last `days` days. */
  LoadPageViewReport: {
    payload: z
      .object({ days: z.number().int().min(1).max(90).default(14) })
      .strict()
      .optional(),
    response: z.object({
      /** The report's days, oldest first ('YYYY-MM-DD', shop time zone). */
      days: z.array(day),
      rows: z.array(z.object({ day, route: z.string(), deviceClass: z.string(), views: z.number().int().nonnegative() })),
    }),
  },
  /**
   * Real-user vitals (docs/requirements.md#web-vitals): the LCP, INP and CLS one page load measured in
   * the guest's browser, sent with consent to statistics only. Each value within its metric's range
   * (domain/web-vitals.ts); stored as a count per day, route, device class, metric and value bucket.
   */
  LogWebVitals: {
    payload: z
      .object({
        route: routeName,
        device: z.enum(VITALS_DEVICES),
        vitals: z
          .array(
            z
              .object({ metric: z.enum(WEB_VITAL_METRICS), value: z.number() })
              .strict()
              .refine((v) => v.value >= WEB_VITAL_RANGES[v.metric].min && v.value <= WEB_VITAL_RANGES[v.metric].max, 'value out of range'),
          )
          .min(1)
          .max(WEB_VITAL_METRICS.length)
          .refine((list) => new Set(list.map((v) => v.metric)).size === list.length, 'each metric once'),
      })
      .strict(),
    /** The metrics counted (a device's metric of a route counts once a minute). */
    response: z.object({ counted: z.array(z.enum(WEB_VITAL_METRICS)) }),
  },
  /** Staff only: real-user vitals of the last `days` days, counts per route, device class, metric and bucket. */
  LoadWebVitalsReport: {
    payload: z
      .object({ days: z.number().int().min(1).max(90).default(14) })
      .strict()
      .optional(),
    response: z.object({
      days: z.array(day),
      rows: z.array(z.object({ route: z.string(), device: z.string(), metric: z.string(), bucket: z.number().int(), samples: z.number().int().nonnegative() })),
    }),
  },
} as const;
