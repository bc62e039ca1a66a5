// The versioned action contract (ADR 0020): every envelope names the contract version its app was
// built with; the API accepts the current and the previous one and answers others with forceReload,
// so an app older than the API reloads instead of sending payloads the API misreads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTED_CONTRACT_VERSIONS, CONTRACT_VERSION, type Menu, type SavedOrder } from '@shop/shared/contract';
import { de } from '@shop/shared/i18n';
import { applicationDatabase } from './support/databases';
import { takeawayDraft } from './support/orders';
import { startTestApi, type TestApi } from './support/test-api';

describe.each(applicationDatabase())('contract versions on $name', (database) => {
  let t: TestApi;
  let menu: Menu;

  beforeAll(async () => {
    t = await startTestApi(await database.open());
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('accepts the current and the previous version, nothing else', () => {
    expect(ACCEPTED_CONTRACT_VERSIONS).toEqual([CONTRACT_VERSION - 1, CONTRACT_VERSION]);
  });

  it('an app built against the previous contract (no version in its envelope) still orders', async () => {
    const res = await t.call('SaveNewOrder', { order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }]) }, { contractVersion: null });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    expect((res.body.order as SavedOrder).uniqueOrderId).toBeTruthy();
    expect(res.body.forceReload).toBeUndefined();
  });

  it('an app on the previous version number orders too, and the current one', async () => {
    for (const contractVersion of ACCEPTED_CONTRACT_VERSIONS) {
      const res = await t.call('SaveNewOrder', { order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 1 }]) }, { contractVersion });
      expect(res.status, `version ${contractVersion}: ${JSON.stringify(res.body.error)}`).toBe(200);
    }
  });

  it.each([CONTRACT_VERSION + 1, 0, 999])('version %s is answered with forceReload and a German notice, nothing stored', async (contractVersion) => {
    const res = await t.call(
      'SaveNewOrder',
      { order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 1 }]) },
      { contractVersion, solveCaptcha: false },
    );
    expect(res.status).toBe(409);
    expect(res.body.forceReload).toBe(true);
    expect(res.body.error).toMatchObject({ code: 'contract_unsupported', userMessage: de.shell.forceReloadNotice });
    const read = await t.call('PullFoodMenu', {}, { contractVersion });
    expect(read.status).toBe(409);
  });

  it('a version that is not a number is a 400, not a 500', async () => {
    const res = await t.post({
      action: 'PullFoodMenu',
      payload: {},
      channel: 'on-the-go',
      browserId: 'test-browser-0000-0000-0000-000000000001',
      secToken: '',
      timeout: 1000,
      contractVersion: '2',
    });
    expect(res.status).toBe(400);
  });
});
