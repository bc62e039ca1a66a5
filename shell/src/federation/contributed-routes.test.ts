import { afterEach, describe, expect, it } from 'vitest';
import { contributedMatch, lookUpContributedRoutes, resetContributedRoutes } from './contributed-routes';

describe('routes a remote adds (docs/requirements.md#routes)', () => {
  afterEach(() => resetContributedRoutes());

  it("asks each remote's './routes' once and matches a path the table does not know to its remote", async () => {
    const asked: string[] = [];
    const load = async (id: string) => {
      asked.push(id);
      if (id === 'mf_orders/routes') return { routes: [{ name: 'Beleg', path: '/Beleg/:uniqueOrderId', title: 'Beleg' }] };
      if (id === 'mf_menu/routes') return { routes: [] };
      throw new Error('no ./routes (an older release)');
    };
    const routes = await lookUpContributedRoutes(load, 50);
    expect(asked.sort()).toEqual(['mf_account/routes', 'mf_cart/routes', 'mf_checkout/routes', 'mf_menu/routes', 'mf_orders/routes']);
    expect(routes).toEqual([{ name: 'Beleg', path: '/Beleg/:uniqueOrderId', title: 'Beleg', app: 'mf_orders' }]);
    expect(contributedMatch('/Beleg/abc')).toMatchObject({ route: { app: 'mf_orders' }, params: { uniqueOrderId: 'abc' } });
    expect(contributedMatch('/Unbekannt')).toBeNull();
    await lookUpContributedRoutes(load, 50);
    expect(asked).toHaveLength(5);
  });

  it('a remote that does not answer in time, or answers nonsense, adds no route', async () => {
    const load = (id: string) =>
      id === 'mf_menu/routes' ? new Promise<unknown>(() => undefined) : Promise.resolve({ routes: [{ name: 'x', path: 'no-slash' }, 42] });
    expect(await lookUpContributedRoutes(load, 20)).toEqual([]);
  });
});
