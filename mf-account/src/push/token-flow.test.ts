import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionCallError, TransportError } from '@shop/shared/client';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';

// The Firebase Messaging SDK, mocked: the flow is tested through the real fcm-source module.
const sdk = vi.hoisted(() => ({
  isSupported: vi.fn<() => Promise<boolean>>(),
  getMessaging: vi.fn((app: unknown) => ({ app })),
  getToken: vi.fn<(messaging: unknown, options: { vapidKey: string; serviceWorkerRegistration: unknown }) => Promise<string>>(),
  deleteToken: vi.fn<(messaging: unknown) => Promise<boolean>>(),
}));
vi.mock('firebase/messaging', () => sdk);
vi.mock('../auth/firebase', () => ({ getShopFirebaseApp: async () => ({ name: 'shop' }) }));

const { fcmTokenSource } = await import('./fcm-source');
const { localTokenSource } = await import('./local-source');
const { disablePush, enablePush, refreshPush, storeOnServer } = await import('./token-flow');
type Deps = import('./token-flow').TokenFlowDeps;
import { retryable } from './server';

const VAPID = 'B'.repeat(87);
const REGISTRATION = { scope: '/' } as unknown as ServiceWorkerRegistration;
const TOKEN = 'dGVzdC10b2tlbi0x:APA91bHPRgkFLJu0_token_of_this_browser_xxxxxxxxxxxxxxxxxxxx';
const NEW_TOKEN = 'dGVzdC10b2tlbi0y:APA91bHPRgkFLJu0_renewed_token_of_this_browser_xxxxxxxxxxx';

const oauthError = () =>
  Object.assign(
    new Error(
      'Messaging: A problem occurred while subscribing the user to FCM: Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. (messaging/token-subscribe-failed).',
    ),
    { code: 'messaging/token-subscribe-failed' },
  );
const blockedError = () =>
  Object.assign(new Error('Messaging: The notification permission was not granted and blocked instead. (messaging/permission-blocked).'), {
    code: 'messaging/permission-blocked',
  });

interface World {
  deps: Deps;
  permission: NotificationPermission | 'unsupported';
  requests: NotificationPermission[];
  stored: string | null;
  server: string[];
  serverRemovals: number;
  serverFailures: Error[];
  sleeps: number[];
  blockedShown: number;
}

function world(initial: Partial<Pick<World, 'permission' | 'stored'>> = {}): World {
  const w: World = {
    permission: initial.permission ?? 'default',
    requests: [],
    stored: initial.stored ?? null,
    server: [],
    serverRemovals: 0,
    serverFailures: [],
    sleeps: [],
    blockedShown: 0,
    deps: undefined as unknown as Deps,
  };
  w.deps = {
    permission: {
      current: () => w.permission,
      request: vi.fn(async () => {
        const answer = w.requests.shift() ?? 'default';
        if (w.permission !== 'unsupported') w.permission = answer;
        return answer;
      }),
    },
    source: async () => (await fcmTokenSource(VAPID, REGISTRATION))!,
    local: {
      get: () => w.stored,
      set: (t) => {
        w.stored = t;
      },
      remove: () => {
        w.stored = null;
      },
    },
    saveOnServer: async (token) => {
      const failure = w.serverFailures.shift();
      if (failure) throw failure;
      w.server.push(token);
    },
    removeOnServer: async () => {
      w.serverRemovals += 1;
    },
    retryable,
    sleep: async (ms) => {
      w.sleeps.push(ms);
    },
    informBlocked: async () => {
      w.blockedShown += 1;
    },
  };
  return w;
}

beforeEach(() => {
  vi.clearAllMocks();
  sdk.isSupported.mockResolvedValue(true);
  sdk.deleteToken.mockResolvedValue(true);
  sdk.getToken.mockResolvedValue(TOKEN);
});

describe('switching push on (the guest said yes)', () => {
  it('asks for permission, gets the token with the host’s VAPID key on the shell’s service worker, saves it locally and on the server', async () => {
    const w = world();
    w.requests.push('granted');
    const result = await enablePush(w.deps);
    expect(result.outcome).toBe('enabled');
    expect(await result.stored).toBe(true);
    expect(w.deps.permission.request).toHaveBeenCalledTimes(1);
    expect(sdk.getToken).toHaveBeenCalledWith({ app: { name: 'shop' } }, { vapidKey: VAPID, serviceWorkerRegistration: REGISTRATION });
    expect(w.stored).toBe(TOKEN);
    expect(w.server).toEqual([TOKEN]);
    expect(w.sleeps).toEqual([]);
  });

  it('retries a token error mentioning an expected OAuth token after 2.2 s', async () => {
    const w = world({ permission: 'granted' });
    sdk.getToken.mockRejectedValueOnce(oauthError()).mockResolvedValueOnce(TOKEN);
    const result = await enablePush(w.deps);
    expect(result.outcome).toBe('enabled');
    expect(w.sleeps).toEqual([SHOP_CONSTANTS.pushTokenOAuthRetryMs]);
    expect(SHOP_CONSTANTS.pushTokenOAuthRetryMs).toBe(2_200);
    expect(sdk.getToken).toHaveBeenCalledTimes(2);
    expect(w.stored).toBe(TOKEN);
  });

  it('gives up on repeated OAuth errors: the token is removed and nothing is stored', async () => {
    const w = world({ permission: 'granted', stored: TOKEN });
    sdk.getToken.mockRejectedValue(oauthError());
    const result = await enablePush(w.deps);
    expect(result.outcome).toBe('failed');
    expect(w.sleeps).toEqual(Array(SHOP_CONSTANTS.pushTokenOAuthRetries).fill(2_200));
    expect(w.stored).toBeNull();
    expect(w.serverRemovals).toBe(1);
    expect(w.server).toEqual([]);
  });

  it('retries "not granted" after 1.1 s, then removes the token and asks for permission; refused: the §8 info box', async () => {
    const w = world({ permission: 'granted', stored: TOKEN });
    sdk.getToken.mockRejectedValue(blockedError());
    w.requests.push('denied');
    const result = await enablePush(w.deps);
    expect(result.outcome).toBe('blocked');
    expect(w.sleeps).toEqual([SHOP_CONSTANTS.pushNotGrantedRetryMs]);
    expect(SHOP_CONSTANTS.pushNotGrantedRetryMs).toBe(1_100);
    expect(sdk.getToken).toHaveBeenCalledTimes(2);
    expect(w.stored).toBeNull();
    expect(w.serverRemovals).toBe(1);
    expect(w.deps.permission.request).toHaveBeenCalledTimes(1);
    expect(w.blockedShown).toBe(1);
  });

  it('gets the token once permission is granted on that second ask', async () => {
    const w = world({ permission: 'granted' });
    sdk.getToken.mockRejectedValueOnce(blockedError()).mockRejectedValueOnce(blockedError()).mockResolvedValueOnce(TOKEN);
    w.requests.push('granted');
    const result = await enablePush(w.deps);
    expect(result.outcome).toBe('enabled');
    expect(w.stored).toBe(TOKEN);
    expect(await result.stored).toBe(true);
  });

  it('shows the §8 info box at once when notifications are blocked, without calling the SDK', async () => {
    const w = world({ permission: 'denied', stored: TOKEN });
    const result = await enablePush(w.deps);
    expect(result.outcome).toBe('blocked');
    expect(w.blockedShown).toBe(1);
    expect(w.stored).toBeNull();
    expect(sdk.getToken).not.toHaveBeenCalled();
  });

  it('refused in the prompt: the §8 info box; the prompt closed: nothing', async () => {
    const refused = world();
    refused.requests.push('denied');
    expect((await enablePush(refused.deps)).outcome).toBe('blocked');
    expect(refused.blockedShown).toBe(1);

    const closed = world();
    closed.requests.push('default');
    expect((await enablePush(closed.deps)).outcome).toBe('dismissed');
    expect(closed.blockedShown).toBe(0);
    expect(sdk.getToken).not.toHaveBeenCalled();
    expect(closed.stored).toBeNull();
  });

  it('does nothing in a browser without notifications', async () => {
    const w = world({ permission: 'unsupported' });
    expect((await enablePush(w.deps)).outcome).toBe('unsupported');
    expect(w.deps.permission.request).not.toHaveBeenCalled();
  });

  it('removes the token on any other failure', async () => {
    const w = world({ permission: 'granted', stored: TOKEN });
    sdk.getToken.mockRejectedValue(
      Object.assign(new Error('Messaging: We are unable to register the default service worker.'), { code: 'messaging/failed-service-worker-registration' }),
    );
    expect((await enablePush(w.deps)).outcome).toBe('failed');
    expect(w.stored).toBeNull();
  });
});

describe('storing the token on the server (requirements#shop-behaviour: up to 10 times, 4 s apart)', () => {
  it('retries failed attempts every 4 s', async () => {
    const w = world({ permission: 'granted' });
    w.serverFailures.push(new TransportError('DocUpserter', true), new ActionCallError('DocUpserter', 503, undefined, {}), new Error('refused (404)'));
    expect(await storeOnServer(w.deps, TOKEN)).toBe(true);
    expect(w.sleeps).toEqual([4_000, 4_000, 4_000]);
    expect(w.server).toEqual([TOKEN]);
  });

  it('stops after the 10th retry', async () => {
    const w = world({ permission: 'granted' });
    w.serverFailures.push(...Array.from({ length: 20 }, () => new TransportError('DocUpserter', false)));
    expect(await storeOnServer(w.deps, TOKEN)).toBe(false);
    expect(w.sleeps).toEqual(Array(SHOP_CONSTANTS.pushTokenRetries).fill(SHOP_CONSTANTS.pushTokenRetryMs));
    expect(SHOP_CONSTANTS.pushTokenRetries).toBe(10);
    expect(w.serverFailures).toHaveLength(20 - 11);
  });

  it('does not retry a refusal', async () => {
    const w = world({ permission: 'granted' });
    w.serverFailures.push(new ActionCallError('DocUpserter', 400, undefined, {}));
    expect(await storeOnServer(w.deps, TOKEN)).toBe(false);
    expect(w.sleeps).toEqual([]);
  });
});

describe('refreshing at start', () => {
  it('saves a renewed token locally and on the server, without asking', async () => {
    const w = world({ permission: 'granted', stored: TOKEN });
    sdk.getToken.mockResolvedValue(NEW_TOKEN);
    const result = await refreshPush(w.deps);
    expect(result.outcome).toBe('enabled');
    await result.stored;
    expect(w.stored).toBe(NEW_TOKEN);
    expect(w.server).toEqual([NEW_TOKEN]);
    expect(w.deps.permission.request).not.toHaveBeenCalled();
  });

  it('removes the token when permission was withdrawn, and never asks', async () => {
    for (const permission of ['default', 'denied'] as const) {
      const w = world({ permission, stored: TOKEN });
      await refreshPush(w.deps);
      expect(w.stored).toBeNull();
      expect(w.serverRemovals).toBe(1);
      expect(w.deps.permission.request).not.toHaveBeenCalled();
      expect(w.blockedShown).toBe(0);
    }
    expect(sdk.getToken).not.toHaveBeenCalled();
  });

  it('on "not granted" at refresh: retried after 1.1 s, then removed without a prompt', async () => {
    const w = world({ permission: 'granted', stored: TOKEN });
    sdk.getToken.mockRejectedValue(blockedError());
    expect((await refreshPush(w.deps)).outcome).toBe('dismissed');
    expect(w.sleeps).toEqual([1_100]);
    expect(w.stored).toBeNull();
    expect(w.deps.permission.request).not.toHaveBeenCalled();
  });

  it('does nothing without a token', async () => {
    const w = world({ permission: 'granted' });
    await refreshPush(w.deps);
    expect(sdk.getToken).not.toHaveBeenCalled();
  });
});

describe('switching push off', () => {
  it('unsubscribes the device and tells the server', async () => {
    const w = world({ permission: 'granted', stored: TOKEN });
    await disablePush(w.deps);
    expect(sdk.deleteToken).toHaveBeenCalledTimes(1);
    expect(w.stored).toBeNull();
    expect(w.serverRemovals).toBe(1);
  });
});

describe('token sources', () => {
  it('FCM is not used where the browser lacks its APIs', async () => {
    sdk.isSupported.mockResolvedValue(false);
    expect(await fcmTokenSource(VAPID, REGISTRATION)).toBeNull();
  });

  it('the offline default makes a local token once and keeps it', async () => {
    let current: string | null = null;
    const source = localTokenSource(() => current);
    const first = await source.getToken();
    expect(first).toMatch(/^local:[A-Za-z0-9_-]{43}$/);
    current = first;
    expect(await source.getToken()).toBe(first);
    current = TOKEN;
    expect(await source.getToken()).not.toBe(TOKEN);
  });

  it('the whole flow with the offline default stores a local token', async () => {
    const w = world({ permission: 'granted' });
    const deps = { ...w.deps, source: async () => localTokenSource(() => w.stored) };
    const result = await enablePush(deps);
    expect(result.outcome).toBe('enabled');
    expect(w.stored).toMatch(/^local:/);
    await result.stored;
    expect(w.server).toEqual([w.stored]);
  });
});
