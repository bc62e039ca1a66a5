import { describe, expect, it } from 'vitest';
import { isFederatedProvider, nextStepForEmail, offersEmail, providerButtons } from './sign-in';

const ALL = ['password', 'emailLink', 'phone', 'google.com', 'apple.com', 'anonymous'] as const;

describe('after the e-mail entry (requirements#sign-in)', () => {
  it('goes to the password page when the e-mail has a password', () => {
    expect(nextStepForEmail(['password'], ALL)).toEqual({ kind: 'password' });
    expect(nextStepForEmail(['google.com', 'password'], ALL)).toEqual({ kind: 'password' });
  });

  it('creates an account when the e-mail has no method; a host without passwords sends a link', () => {
    expect(nextStepForEmail([], ALL)).toEqual({ kind: 'create' });
    expect(nextStepForEmail([], ['emailLink'])).toEqual({ kind: 'emailLink' });
    expect(nextStepForEmail([], ['phone'])).toEqual({ kind: 'unsupported', method: 'password' });
  });

  it('sends a link when the e-mail has only the link method', () => {
    expect(nextStepForEmail(['emailLink'], ALL)).toEqual({ kind: 'emailLink' });
  });

  it('signs in through a federated provider the host offers', () => {
    expect(nextStepForEmail(['apple.com'], ALL)).toEqual({ kind: 'federated', providerId: 'apple.com' });
    expect(nextStepForEmail(['google.com'], ['password', 'google.com'])).toEqual({ kind: 'federated', providerId: 'google.com' });
  });

  it('shows the unsupported-provider page for a method the host does not offer', () => {
    expect(nextStepForEmail(['facebook.com'], ALL)).toEqual({ kind: 'unsupported', method: 'facebook.com' });
    expect(nextStepForEmail(['apple.com'], ['password', 'google.com'])).toEqual({ kind: 'unsupported', method: 'apple.com' });
    expect(nextStepForEmail(['password'], ['emailLink'])).toEqual({ kind: 'unsupported', method: 'password' });
  });
});

describe('provider choice', () => {
  it("lists the host's providers in a fixed order", () => {
    expect(providerButtons(['anonymous', 'phone', 'password', 'apple.com', 'google.com'])).toEqual(['google.com', 'apple.com', 'phone', 'anonymous']);
    expect(providerButtons(['password'])).toEqual([]);
  });

  it('offers the e-mail entry with a password or a link', () => {
    expect(offersEmail(['password'])).toBe(true);
    expect(offersEmail(['emailLink'])).toBe(true);
    expect(offersEmail(['phone', 'google.com'])).toBe(false);
  });

  it('knows the federated providers', () => {
    expect(isFederatedProvider('google.com')).toBe(true);
    expect(isFederatedProvider('apple.com')).toBe(true);
    expect(isFederatedProvider('password')).toBe(false);
  });
});
