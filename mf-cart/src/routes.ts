import type { ContributedRoute } from '@shop/shared/domain/route-pattern';

/**
 * Pages this remote adds beyond the shared route table (docs/requirements.md#routes): exposed as
 * './routes', the shell finds them when a path is not in the table, so a new page ships with a
 * release of this remote alone (no shell or shared-runtime release). Empty while every page of this
 * remote is in the table.
 */
export const routes: readonly ContributedRoute[] = [];
