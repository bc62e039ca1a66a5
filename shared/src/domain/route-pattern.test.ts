import { describe, expect, it } from 'vitest';
import { matchContributed, matchPattern } from './route-pattern';

describe('route patterns (docs/requirements.md#routes)', () => {
  it('matches literals, required and optional params, case-sensitively', () => {
    expect(matchPattern('/Speise/:itemId', '/Speise/tacos')).toEqual({ itemId: 'tacos' });
    expect(matchPattern('/Speisen/:catname?', '/Speisen')).toEqual({});
    expect(matchPattern('/Speisen/:catname?', '/Speisen/all')).toEqual({ catname: 'all' });
    expect(matchPattern('/Speise/:itemId', '/speise/tacos')).toBeNull();
    expect(matchPattern('/Speise/:itemId', '/Speise')).toBeNull();
    expect(matchPattern('/Speise/:itemId', '/Speise/a/b')).toBeNull();
  });

  it('finds the contributed route of a path, by path or alias', () => {
    const routes = [
      { name: 'Beleg', path: '/Beleg/:uniqueOrderId', app: 'mf_orders' },
      { name: 'Neu', path: '/Neu', aliases: ['/Neuheiten'], app: 'mf_menu' },
    ];
    expect(matchContributed(routes, '/Beleg/abc/')).toEqual({ route: routes[0], params: { uniqueOrderId: 'abc' } });
    expect(matchContributed(routes, '/Neuheiten')?.route.name).toBe('Neu');
    expect(matchContributed(routes, '/Unbekannt')).toBeNull();
  });
});
