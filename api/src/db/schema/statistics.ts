import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The shop's own page-view statistics (shop-spec §2, §3 Privacy consent): counts per day (shop time
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
