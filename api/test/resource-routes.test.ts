// The menus and the app config as GET resources with ETags (requirements#performance): a repeated request with the
// ETag costs a 304 without a body; a menu change gives a new ETag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesEtag } from '../src/http/resource-routes';
import { applicationDatabase } from './support/databases';
import { testNow } from './support/clock';
import { startTestApi, type TestApi } from './support/test-api';

describe('matchesEtag', () => {
  it('matches the tag, a weak copy of it, a list containing it and *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"x", "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});

describe.each(applicationDatabase())('GET resources on $name', (database) => {
  let t: TestApi;
  const get = (url: string, headers: Record<string, string> = {}) => t.api.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

  beforeAll(async () => {
    t = await startTestApi(await database.open());
  });
  afterAll(async () => t?.close());

  it('the food menu: the action answer, revalidated with its ETag (304 without a body), a new ETag after a change', async () => {
    const first = await get('/api/menu/food');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"menu-food-\d+"$/);
    const action = await t.call('PullFoodMenu', {});
    expect(first.json()).toEqual({ ok: true, menu: action.body.menu, lastModified: action.body.lastModified });

    const again = await get('/api/menu/food', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await t.api.menus.markStockChanged('food', testNow());
    const changed = await get('/api/menu/food', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    // The drink menu keeps its own version.
    expect((await get('/api/menu/drink')).headers.etag).toMatch(/^"menu-drink-\d+"$/);
  });

  it("the app config: the action answer for the request's host, 304 for its ETag, another ETag on another branch host", async () => {
    const first = await get('/api/appconfig');
    expect(first.statusCode).toBe(200);
    const action = await t.call('GetAppconfig', {});
    const { ok: _ok, ...body } = action.body;
    expect(first.json()).toEqual({ ok: true, appconfig: body.appconfig, stores: body.stores, branch: body.branch });
    const etag = String(first.headers.etag);
    expect((await get('/api/appconfig', { 'if-none-match': etag })).statusCode).toBe(304);
    const other = await get('/api/appconfig', { host: 'eimsbuettel.localhost', 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.json<{ branch: { filialnummer: number } }>().branch.filialnummer).toBe(2);
  });
});
