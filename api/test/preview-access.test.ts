// A preview host is kept apart (docs/requirements.md#preview-apart): its own branch number, so a QA
// order never reaches a real kitchen's board, and reachable only with its token.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostDescriptor, type Menu, type SavedOrder } from '@shop/shared/contract';
import { shell as texts } from '@shop/shared/i18n/shell';
import type { TokenVerifier } from '../src/auth/verify';
import { REPO_ROOT } from '../src/config';
import { readDescriptors } from '../src/deploy/descriptors';
import { PREVIEW_COOKIE, previewTokenDigest, productionPreviewProblems, SHIPPED_PREVIEW_TOKEN_DIGEST } from '../src/deploy/preview-access';
import { testDatabases } from './support/databases';
import { takeawayDraft } from './support/orders';
import { startTestApi, type TestApi } from './support/test-api';

/** The development token of deploy/hosts/preview.json. */
const DEV_TOKEN = 'vorschau-lokal';
const PREVIEW = 'preview.localhost';
const LET_IN = `${PREVIEW_COOKIE}=${DEV_TOKEN}`;
const verifier: TokenVerifier = {
  async verify(token) {
    if (token === 'staff') return { uid: 'uid-kitchen', email: 'kueche@example.org', emailVerified: true, name: 'Küche', providerId: 'password', staff: true };
    return null;
  },
};

describe('the preview token and branch rules', () => {
  it('the shipped preview descriptor has a branch number of its own and the development token', () => {
    const files = readDescriptors(path.join(REPO_ROOT, 'deploy', 'hosts'));
    const preview = files.find((f) => f.descriptor.preview)!.descriptor;
    const real = files.filter((f) => !f.descriptor.preview).map((f) => f.descriptor.branch.filialnummer);
    expect(real).not.toContain(preview.branch.filialnummer);
    expect(preview.previewTokenDigest).toBe(previewTokenDigest(DEV_TOKEN));
    expect(SHIPPED_PREVIEW_TOKEN_DIGEST).toBe(previewTokenDigest(DEV_TOKEN));
    // Production refuses that token: everyone with the repository knows it.
    expect(productionPreviewProblems(preview)).toEqual([expect.stringContaining('development token')]);
    expect(productionPreviewProblems({ ...preview, previewTokenDigest: previewTokenDigest('a secret') })).toEqual([]);
  });

  it('refuses a preview descriptor on a real branch number, and one without a token', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-hosts-'));
    try {
      fs.cpSync(path.join(REPO_ROOT, 'deploy', 'hosts'), dir, { recursive: true });
      const file = path.join(dir, 'preview.json');
      const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { branch: { filialnummer: number }; previewTokenDigest?: string };
      fs.writeFileSync(file, JSON.stringify({ ...json, branch: { ...json.branch, filialnummer: 1 } }));
      expect(() => readDescriptors(dir)).toThrow(/preview\.json: a preview host on branch 1, the branch of .*\.json: QA orders would reach that kitchen/);
      const { previewTokenDigest: _token, ...withoutToken } = json;
      expect(hostDescriptor.safeParse(withoutToken).error?.issues[0]?.message).toMatch(/a preview host needs previewTokenDigest/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())('a preview host on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  const get = (url: string, headers: Record<string, string> = {}) => t.api.app.inject({ method: 'GET', url, headers: { host: PREVIEW, ...headers } });

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => t?.close());

  it('refuses every request without the token with a message that says how to get in', async () => {
    const action = await t.call('PullFoodMenu', {}, { host: PREVIEW });
    expect(action.status).toBe(403);
    expect(action.body.error).toMatchObject({
      code: 'forbidden',
      userMessage: texts.previewLocked,
      message: expect.stringContaining('/?preview-token=<token>'),
    });
    const page = await get('/Speisen');
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(texts.previewLocked);
    expect((await get('/deploy/descriptor.json')).statusCode).toBe(403);
    expect((await get('/api/events?ticket=x')).statusCode).toBe(403);
    // A wrong token is told so, and sets nothing.
    const wrong = await get('/?preview-token=falsch');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain(texts.previewTokenWrong);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    // A cookie with another value is no credential either.
    expect((await t.call('PullFoodMenu', {}, { host: PREVIEW, cookie: `${PREVIEW_COOKIE}=falsch` })).status).toBe(403);
    // The balancer's health check and the public versioned files stay open.
    expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/mf/mf-menu/0.0.0/remoteEntry.js')).statusCode).toBe(404);
  });

  it('lets a browser in with the token link: a first-party cookie, and the token leaves the address', async () => {
    const res = await get('/Speisen?preview-token=vorschau-lokal&mode=takeaway');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/Speisen?mode=takeaway');
    expect(res.headers['set-cookie']).toBe(`${PREVIEW_COOKIE}=${DEV_TOKEN}; Path=/; Max-Age=2592000; SameSite=Lax; HttpOnly`);
    expect((await get('/deploy/descriptor.json', { cookie: LET_IN })).statusCode).toBe(200);
    expect((await t.call('PullFoodMenu', {}, { host: PREVIEW, cookie: LET_IN })).status).toBe(200);
  });

  it("a QA order on the preview host never appears on a real branch's board, only on the preview's", async () => {
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]);
    const saved = await t.call('SaveNewOrder', { order: draft }, { host: PREVIEW, cookie: LET_IN });
    expect(saved.status).toBe(200);
    const order = saved.body.order as SavedOrder;

    const boardOf = async (host: string, cookie?: string) => {
      const res = await t.call('LoadStaffOrders', {}, { host, token: 'staff', ...(cookie ? { cookie } : {}) });
      expect(res.status).toBe(200);
      return (res.body.orders as SavedOrder[]).map((o) => o.uniqueOrderId);
    };
    for (const host of ['localhost', 'hamburg.localhost', 'eimsbuettel.localhost']) expect(await boardOf(host), host).not.toContain(order.uniqueOrderId);
    expect(await boardOf(PREVIEW, LET_IN)).toContain(order.uniqueOrderId);
    // Nor can a real branch's staff act on it.
    const foreign = await t.call('UpdateOrderStatus', { uniqueOrderId: order.uniqueOrderId, change: 'ready' }, { host: 'hamburg.localhost', token: 'staff' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({ message: expect.stringContaining('belongs to another branch') });
  });
});
