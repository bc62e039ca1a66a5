import { describe, expect, it } from 'vitest';
import { hasProfileErrors, profileErrors, type ProfileInput } from './profile';

const empty = { company: '', street: '', plz: '', city: '' };
const base: ProfileInput = { name: 'Erika Mustermann', phone: '', invoiceAddress: empty, deliveryAddress: empty };

describe('profile (requirements#entities User, requirements#person-data)', () => {
  it('accepts a name alone', () => {
    expect(profileErrors(base)).toEqual({});
    expect(hasProfileErrors(profileErrors(base))).toBe(false);
  });

  it("requires a name of at least 2 characters ('Bitte einen Namen eingeben')", () => {
    expect(profileErrors({ ...base, name: ' E ' })).toEqual({ name: 'Bitte einen Namen eingeben' });
  });

  it('checks a given phone with the general rule (at least 8 characters)', () => {
    expect(profileErrors({ ...base, phone: '0151 1234 567' })).toEqual({});
    expect(profileErrors({ ...base, phone: '0151 12' }).phone).toBe('Die Mobilnummer ist zu kurz');
    expect(profileErrors({ ...base, phone: '0151/1234567' }).phone).toBe('Die eingegebene Mobilnummer ist ungültig');
  });

  it('checks an address only when it has a street', () => {
    expect(profileErrors({ ...base, invoiceAddress: { ...empty, plz: '2', city: 'H' } })).toEqual({});
    const errors = profileErrors({ ...base, deliveryAddress: { company: '', street: 'Lange Reihe', plz: '20a99', city: '' } });
    expect(Object.keys(errors).sort()).toEqual(['delivery.city', 'delivery.plz', 'delivery.street']);
    expect(profileErrors({ ...base, invoiceAddress: { company: '', street: 'Lange Reihe 42', plz: '20099', city: 'Hamburg' } })).toEqual({});
  });
});
