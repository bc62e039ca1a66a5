import { describe, expect, it } from 'vitest';
import { needsActionCode, parseWidgetQuery, safeContinuePath } from './auth-action';

describe('widget pages by mode (requirements#sign-in)', () => {
  it('defaults to the provider choice', () => {
    expect(parseWidgetQuery('')).toEqual({ mode: 'select', oobCode: null, continueUrl: null, unknownMode: null });
    expect(parseWidgetQuery('?mode=')).toMatchObject({ mode: 'select' });
  });

  it('reads every mode and its action code', () => {
    for (const mode of ['select', 'callback', 'signIn', 'resetPassword', 'verifyEmail', 'verifyAndChangeEmail', 'recoverEmail']) {
      expect(parseWidgetQuery(`?mode=${mode}&oobCode=AbC-1_2`)).toMatchObject({ mode, oobCode: 'AbC-1_2', unknownMode: null });
    }
    expect(parseWidgetQuery('?mode=resetPassword&oobCode=x&continueUrl=https%3A%2F%2Fshop.de%2FAccount').continueUrl).toBe('https://shop.de/Account');
  });

  it('reports an unknown mode and drops a malformed code', () => {
    expect(parseWidgetQuery('?mode=revertSecondFactorAddition')).toMatchObject({ mode: 'select', unknownMode: 'revertSecondFactorAddition' });
    expect(parseWidgetQuery('?mode=verifyEmail&oobCode=<script>')).toMatchObject({ oobCode: null });
  });

  it('knows which pages need a code', () => {
    expect(needsActionCode('resetPassword')).toBe(true);
    expect(needsActionCode('recoverEmail')).toBe(true);
    expect(needsActionCode('verifyEmail')).toBe(true);
    expect(needsActionCode('verifyAndChangeEmail')).toBe(true);
    expect(needsActionCode('signIn')).toBe(false);
    expect(needsActionCode('callback')).toBe(false);
  });
});

describe('continue URL', () => {
  it('follows only paths of this shop', () => {
    expect(safeContinuePath('https://shop.de/Account?x=1#y', 'https://shop.de')).toBe('/Account?x=1#y');
    expect(safeContinuePath('/Korb', 'https://shop.de')).toBe('/Korb');
    expect(safeContinuePath('https://evil.example/Account', 'https://shop.de')).toBeNull();
    expect(safeContinuePath('//evil.example/x', 'https://shop.de')).toBeNull();
    expect(safeContinuePath('javascript:alert(1)', 'https://shop.de')).toBeNull();
    expect(safeContinuePath(null, 'https://shop.de')).toBeNull();
  });
});
