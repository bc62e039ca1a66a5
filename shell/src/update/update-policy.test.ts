import { describe, expect, it } from 'vitest';
import { dueForCheck, isSafeMoment, releaseChanged, UPDATE_CHECK_INTERVAL_MS } from './update-policy';

const v = (shell: string, menu: string) => ({
  shell,
  remotes: { mf_menu: { version: menu, entry: `/mf/mf-menu/${menu}/mf-manifest.json` } },
});

describe('installed app updates (docs/requirements.md#app-update)', () => {
  it('notices a shell release, a remote release and a rollback; nothing else', () => {
    expect(releaseChanged(v('0.2.0', '0.1.0'), v('0.2.0', '0.1.0'))).toBe(false);
    expect(releaseChanged(v('0.2.0', '0.1.0'), v('0.3.0', '0.1.0'))).toBe(true);
    expect(releaseChanged(v('0.2.0', '0.2.0'), v('0.2.0', '0.1.0'))).toBe(true);
    expect(releaseChanged(v('local', '0.1.0'), { shell: 'local', remotes: {} })).toBe(true);
  });

  it('never reloads during checkout or payment', () => {
    expect(isSafeMoment('/')).toBe(true);
    expect(isSafeMoment('/Korb')).toBe(true);
    expect(isSafeMoment('/CheckoutTakeawayWithPay')).toBe(false);
    expect(isSafeMoment('/CheckoutInhouseWithPayTip')).toBe(false);
    expect(isSafeMoment('/MobileCheckoutInhouseWithPay')).toBe(false);
  });

  it('asks at most once per interval', () => {
    expect(dueForCheck(null, 5)).toBe(true);
    expect(dueForCheck(1000, 1000 + UPDATE_CHECK_INTERVAL_MS - 1)).toBe(false);
    expect(dueForCheck(1000, 1000 + UPDATE_CHECK_INTERVAL_MS)).toBe(true);
  });
});
