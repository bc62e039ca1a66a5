import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The shop's own page-view statistics (requirements#screens, requirements#entities Privacy consent): counts per day (shop time
 * zone), route name and device class, sent only with the guest's consent. No browser id, no IP
 * address, no time of day: nothing that points to a person.
 */
export const pageViews = pgTable(
  'page_views',
  {
    day: text('day').notNull(),
    route: text('route').notNull(),
    deviceClass: text('device_class').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.route, t.deviceClass] })],
);

/**
 * Real-user vitals (docs/requirements.md#web-vitals): how many page loads measured a metric in one
 * value bucket (shared/src/domain/web-vitals.ts), per day, route name and device class (mobile or
 * desktop). Bounded: routes × 2 devices × 3 metrics × at most 15 buckets a day; no single measurement,
 * no browser id, no address.
 */
export const webVitals = pgTable(
  'web_vitals',
  {
    day: text('day').notNull(),
    route: text('route').notNull(),
    device: text('device').notNull(),
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    samples: integer('samples').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.route, t.device, t.metric, t.bucket] })],
);
