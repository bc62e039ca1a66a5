import type { PushTopics } from '@shop/shared/contract';
import { defaultPushTopics } from '@shop/shared/domain/push';
import { createPersistentStore } from '@shop/shared/stores';

function parse(raw: unknown): PushTopics | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Partial<Record<keyof PushTopics, unknown>>;
  const base = defaultPushTopics();
  return {
    news: typeof r.news === 'boolean' ? r.news : base.news,
    coupons: typeof r.coupons === 'boolean' ? r.coupons : base.coupons,
    loyalty: typeof r.loyalty === 'boolean' ? r.loyalty : base.loyalty,
  };
}

/** This device's topic choice (requirements#entities App settings pushTopics; all on by default). */
export const pushTopicsStore = createPersistentStore<PushTopics>('account:pushTopics', defaultPushTopics(), { parse });
