import { z } from 'zod';
import { DEVICE_CLASSES } from '../../domain/shop-constants';

/** A route name of the route table (shared/src/routes/table.ts) or 'notFound'; the server checks membership. */
const routeName = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z]+$/, 'expected a route name');
const deviceClass = z.enum(DEVICE_CLASSES);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The shop's own page-view statistics (shop-spec §2 "each route change logs a page view"; §3 Privacy
 * consent). The shell sends a view only while the guest's consent to statistics holds (domain/consent.ts).
 * Stored: route name, day (the server's, shop time zone) and device class, as a count; nothing else.
 */
export const statisticsActions = {
  LogPageView: {
    payload: z.object({ route: routeName, deviceClass }).strict(),
    response: z.object({ counted: z.literal(true) }),
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
} as const;
