import { describe, expect, it } from 'vitest';
import { signedInText } from './signed-in-text';

describe('signedInText', () => {
  it('names the account by display name, else e-mail, else phone', () => {
    expect(signedInText({ displayName: 'Erika Mustermann', email: 'e@example.org', phoneNumber: null })).toBe('Angemeldet als Erika Mustermann');
    expect(signedInText({ displayName: '', email: 'e@example.org', phoneNumber: '+4915112345678' })).toBe('Angemeldet als e@example.org');
    expect(signedInText({ displayName: null, email: null, phoneNumber: '+4915112345678' })).toBe('Angemeldet als +4915112345678');
  });

  it('never renders an empty name', () => {
    expect(signedInText({ displayName: null, email: null, phoneNumber: null })).toBe('Angemeldet');
  });
});
