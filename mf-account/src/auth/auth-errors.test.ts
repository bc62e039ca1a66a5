import { describe, expect, it } from 'vitest';
import { authErrorCode, authErrorText, isPopupDismissed } from './auth-errors';

const err = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('Firebase Auth errors -> catalogue texts (requirements#shop-validation, requirements#errors)', () => {
  it('shows wrong credentials at the password field', () => {
    for (const code of ['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials']) {
      expect(authErrorText(err(code))).toEqual({ field: 'password', text: 'Die E-Mail-Adresse und das Passwort stimmen nicht überein' });
    }
  });

  it('uses the verbatim too-many-requests text', () => {
    expect(authErrorText(err('auth/too-many-requests'))).toEqual({
      field: 'form',
      text: 'Über Ihre IP-Adresse werden zu viele Kontoanfragen gesendet. Bitte versuchen Sie es in einigen Minuten noch einmal.',
    });
  });

  it('maps the e-mail problems to the e-mail field', () => {
    expect(authErrorText(err('auth/invalid-email'))).toEqual({ field: 'email', text: 'Diese E-Mail-Adresse ist ungültig' });
    expect(authErrorText(err('auth/missing-email')).text).toBe('Geben Sie Ihre E-Mail-Adresse ein, um fortzufahren');
    expect(authErrorText(err('auth/email-already-in-use'))).toEqual({
      field: 'email',
      text: 'Diese E-Mail-Adresse wird bereits von einem anderen Konto verwendet',
    });
    expect(authErrorText(err('auth/user-not-found')).field).toBe('email');
  });

  it('shows a weak password at the password field', () => {
    expect(authErrorText(err('auth/weak-password'))).toEqual({
      field: 'password',
      text: 'Starke Passwörter haben mindestens 6 Zeichen und eine Mischung aus Buchstaben und Ziffern',
    });
  });

  it('reports network failures and anything unknown on the form', () => {
    expect(authErrorText(err('auth/network-request-failed')).field).toBe('form');
    expect(authErrorText(err('auth/something-new'))).toEqual({ field: 'form', text: 'Es ist ein Problem aufgetreten' });
    expect(authErrorText(new Error('boom')).text).toBe('Es ist ein Problem aufgetreten');
    expect(authErrorText('text')).toEqual({ field: 'form', text: 'Es ist ein Problem aufgetreten' });
  });

  it('reads the code of a thrown value', () => {
    expect(authErrorCode(err('auth/wrong-password'))).toBe('auth/wrong-password');
    expect(authErrorCode({ code: 42 })).toBeUndefined();
    expect(authErrorCode(null)).toBeUndefined();
  });

  it('reads too-many-requests by where it happens (requirements#errors)', () => {
    expect(authErrorText(err('auth/too-many-requests'), 'password')).toEqual({
      field: 'password',
      text: 'Sie haben zu oft ein falsches Passwort eingegeben. Bitte versuchen Sie es in einigen Minuten noch einmal.',
    });
    expect(authErrorText(err('auth/too-many-requests'), 'phone')).toEqual({ field: 'phone', text: 'Diese Telefonnummer wurde schon zu oft verwendet' });
  });

  it('shows the phone and code errors at their fields', () => {
    expect(authErrorText(err('auth/invalid-phone-number'))).toEqual({ field: 'phone', text: 'Geben Sie eine gültige Telefonnummer ein' });
    expect(authErrorText(err('auth/invalid-verification-code'))).toEqual({ field: 'code', text: 'Falscher Code. Versuchen Sie es noch einmal.' });
    expect(authErrorText(err('auth/missing-verification-code')).field).toBe('code');
    expect(authErrorText(err('auth/code-expired')).text).toBe('Dieser Code ist nicht mehr gültig. Fordern Sie einen neuen Code an.');
  });

  it('reads an e-mail that does not match the link session (requirements#errors)', () => {
    expect(authErrorText(err('auth/invalid-email'), 'emailLink')).toEqual({
      field: 'email',
      text: 'Die angegebene E-Mail-Adresse stimmt nicht mit der aktuellen Anmeldesitzung überein.',
    });
  });

  it('maps every other code of the catalogue to German', () => {
    for (const code of [
      'auth/credential-already-in-use',
      'auth/account-exists-with-different-credential',
      'auth/user-cancelled',
      'auth/expired-action-code',
      'auth/invalid-action-code',
      'auth/requires-recent-login',
      'auth/user-token-expired',
      'auth/operation-not-allowed',
      'auth/missing-phone-number',
      'auth/email-exists',
    ]) {
      expect(authErrorText(err(code)).text, code).not.toBe('Es ist ein Problem aufgetreten');
    }
  });

  it('ignores a popup the guest closed', () => {
    expect(isPopupDismissed(err('auth/popup-closed-by-user'))).toBe(true);
    expect(isPopupDismissed(err('auth/cancelled-popup-request'))).toBe(true);
    expect(isPopupDismissed(err('auth/popup-blocked'))).toBe(false);
  });
});
