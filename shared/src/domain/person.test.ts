import { describe, expect, it } from 'vitest';
import {
  addressWorthSending,
  emailProblem,
  isFullName,
  isProfileComplete,
  isShortName,
  isStrongPassword,
  isValidEmail,
  normalizeEmail,
  passwordProblem,
} from './person';

describe('e-mail (requirements#shop-validation)', () => {
  it('accepts ordinary addresses, trimmed', () => {
    expect(isValidEmail('erika@example.org')).toBe(true);
    expect(isValidEmail('  erika.mustermann+shop@mail.example.de ')).toBe(true);
    expect(isValidEmail('a@b.co')).toBe(true);
  });

  it('requires a top-level part of 2 to 63 characters', () => {
    expect(isValidEmail('erika@example.d')).toBe(false);
    expect(isValidEmail(`erika@example.${'a'.repeat(63)}`)).toBe(true);
    expect(isValidEmail(`erika@example.${'a'.repeat(64)}`)).toBe(false);
    expect(isValidEmail('erika@localhost')).toBe(false);
  });

  it('refuses broken addresses', () => {
    for (const bad of [
      'erika',
      '@example.org',
      'erika@',
      'er ika@example.org',
      'erika@@example.org',
      'a@b@example.org',
      'erika@exa mple.org',
      'erika@.example.org',
      'erika@example..org',
      '.erika@example.org',
      'erika@example.1de',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('tells an empty field from an invalid one', () => {
    expect(emailProblem('')).toBe('empty');
    expect(emailProblem('   ')).toBe('empty');
    expect(emailProblem('erika@')).toBe('invalid');
    expect(emailProblem('erika@example.org')).toBeNull();
  });

  it('normalises to trimmed lower case', () => {
    expect(normalizeEmail('  Erika@Example.ORG ')).toBe('erika@example.org');
  });
});

describe('names (requirements#shop-validation)', () => {
  it('full name: longer than 3 characters with a space after index 1 and not at the end', () => {
    expect(isFullName('Erika Mustermann')).toBe(true);
    expect(isFullName('Al B')).toBe(true);
    expect(isFullName('A Bc')).toBe(false); // space at index 1
    expect(isFullName(' Erika')).toBe(false);
    expect(isFullName('Erika')).toBe(false);
    expect(isFullName('Eri ')).toBe(false);
    expect(isFullName('Ab C')).toBe(true);
    expect(isFullName('Ab ')).toBe(false);
  });

  it('short name: at least 2 characters', () => {
    expect(isShortName('Al')).toBe(true);
    expect(isShortName(' A ')).toBe(false);
    expect(isShortName('')).toBe(false);
  });
});

describe('passwords (requirements#shop-validation widget)', () => {
  it('strong passwords have at least six characters with letters and digits', () => {
    expect(isStrongPassword('abc123')).toBe(true);
    expect(isStrongPassword('abc12')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword('Grüße1')).toBe(true);
  });

  it('sign-in only needs a password; sign-up needs a strong one', () => {
    expect(passwordProblem('', 'signIn')).toBe('empty');
    expect(passwordProblem('x', 'signIn')).toBeNull();
    expect(passwordProblem('', 'signUp')).toBe('empty');
    expect(passwordProblem('secret', 'signUp')).toBe('weak');
    expect(passwordProblem('secret1', 'signUp')).toBeNull();
  });
});

describe('profile and addresses (requirements#shop-validation)', () => {
  it('is complete with a name over 3, a valid e-mail and a phone over 6 characters', () => {
    expect(isProfileComplete({ displayName: 'Erika M', email: 'erika@example.org', phone: '0401234' })).toBe(true);
    expect(isProfileComplete({ displayName: 'Eri', email: 'erika@example.org', phone: '0401234' })).toBe(false);
    expect(isProfileComplete({ displayName: 'Erika M', email: 'erika@', phone: '0401234' })).toBe(false);
    expect(isProfileComplete({ displayName: 'Erika M', email: 'erika@example.org', phone: '040123' })).toBe(false);
    expect(isProfileComplete({ displayName: null, email: null, phone: null })).toBe(false);
  });

  it('sends an address only with a street', () => {
    expect(addressWorthSending({ street: 'Lange Reihe 42' })).toBe(true);
    expect(addressWorthSending({ street: '  ' })).toBe(false);
    expect(addressWorthSending(undefined)).toBe(false);
  });
});
