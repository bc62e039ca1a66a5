import { describe, expect, it } from 'vitest';
import {
  addressErrors,
  fullNameError,
  isCustomerCardSufficient,
  minimumOrderError,
  normaliseEmail,
  phoneError,
  timeChoiceError,
  validatePersonalData,
  type PersonForm,
} from './checkout-validation';

const address = { company: '', street: '', plz: '', city: '', etage: '' };
const valid: PersonForm = {
  name: 'Erika Mustermann',
  email: 'erika@example.org',
  phone: '0151 12345678',
  note: '',
  invoiceAddress: { company: '', street: 'Lange Reihe 42', plz: '20099', city: 'Hamburg' },
  deliveryAddress: { ...address },
  sameAddress: true,
  companyInvoice: false,
};
const form = (patch: Partial<PersonForm>): PersonForm => ({ ...valid, ...patch });
const ctx = { selfService: false, allowedDeliveryPlz: ['20099', '20146'] };

describe('name rules (requirements#checkout-validation)', () => {
  it('needs at least 3 characters, then 4 with a space after at least 2', () => {
    expect(fullNameError('')).toBe('Vor- und Nachname sind erforderlich');
    expect(fullNameError('  Al ')).toBe('Vor- und Nachname sind erforderlich');
    expect(fullNameError('Erika')).toBe('Bitte Vor- und Nachname eingeben');
    expect(fullNameError('E Muster')).toBe('Bitte Vor- und Nachname eingeben');
    expect(fullNameError('Ed Muster')).toBeUndefined();
    expect(fullNameError('Erika Mustermann')).toBeUndefined();
  });
});

describe('e-mail (requirements#checkout-validation)', () => {
  it('is normalised: trimmed and lower-case', () => {
    expect(normaliseEmail('  Erika@Example.ORG ')).toBe('erika@example.org');
  });
  it('must be valid in the takeaway flow', () => {
    expect(validatePersonalData('takeawayWithPay', form({ email: 'erika@' }), ctx).email).toBe('Die E-Mail Addresse ist ungültig');
    expect(validatePersonalData('takeawayWithPay', form({ email: 'erika@example' }), ctx).email).toBe('Die E-Mail Addresse ist ungültig');
    expect(validatePersonalData('takeawayWithPay', form({ email: ' Erika@Example.org ' }), ctx).email).toBeUndefined();
  });
});

describe('takeaway online, step 1', () => {
  it('accepts a complete form', () => {
    expect(validatePersonalData('takeawayWithPay', valid, ctx)).toEqual({});
  });
  it('checks the phone only when self-service is on or a value is given (minimum 8)', () => {
    expect(validatePersonalData('takeawayWithPay', form({ phone: '' }), ctx).phone).toBeUndefined();
    expect(validatePersonalData('takeawayWithPay', form({ phone: '0151 123' }), ctx).phone).toBe('Die Mobilnummer ist zu kurz');
    expect(validatePersonalData('takeawayWithPay', form({ phone: '0151 1234' }), ctx).phone).toBeUndefined();
    expect(validatePersonalData('takeawayWithPay', form({ phone: '' }), { ...ctx, selfService: true }).phone).toBe('Die Mobilnummer wird benötigt');
  });
  it('checks the company invoice address only when Firmenrechnung is on', () => {
    const bad = form({ companyInvoice: true, invoiceAddress: { company: 'ABC', street: 'Lange Reihe', plz: '20a99', city: 'HH' } });
    expect(validatePersonalData('takeawayWithPay', bad, ctx)).toEqual({
      'invoice.company': 'Das Unternehmen ist erforderlich',
      'invoice.street': 'Die Hausnummer fehlt',
      'invoice.plz': 'Die Postleitzahl muss eine Nummer sein',
      'invoice.city': 'Der Ort ist erforderlich',
    });
    expect(validatePersonalData('takeawayWithPay', form({ invoiceAddress: bad.invoiceAddress }), ctx)).toEqual({});
  });
});

describe('address rules', () => {
  it('street at least 4 characters with a digit; postcode required, digits, at least 4; city at least 3', () => {
    expect(addressErrors({ company: '', street: 'Weg', plz: '', city: 'Ha' }, 'invoice')).toEqual({
      'invoice.street': 'Die Straße ist erforderlich',
      'invoice.plz': 'Die Postleitzahl ist erforderlich',
      'invoice.city': 'Der Ort ist erforderlich',
    });
    // Three digits: 'zu kurz' (docs/requirements.md#checkout-validation); letters: not a number.
    expect(addressErrors({ company: '', street: 'Weg 1', plz: '209', city: 'Hamburg' }, 'delivery')).toEqual({
      'delivery.plz': 'Die Postleitzahl ist zu kurz',
    });
    expect(addressErrors({ company: '', street: 'Weg 1', plz: ' 2 ', city: 'Hamburg' }, 'delivery')).toEqual({
      'delivery.plz': 'Die Postleitzahl ist zu kurz',
    });
    expect(addressErrors({ company: '', street: 'Weg 1', plz: 'ab', city: 'Hamburg' }, 'delivery')).toEqual({
      'delivery.plz': 'Die Postleitzahl muss eine Nummer sein',
    });
    expect(addressErrors({ company: '', street: 'Weg 1', plz: '   ', city: 'Hamburg' }, 'delivery')).toEqual({
      'delivery.plz': 'Die Postleitzahl ist erforderlich',
    });
    expect(addressErrors({ company: '', street: 'Weg 1', plz: 'abcd', city: 'Hamburg' }, 'delivery')).toEqual({
      'delivery.plz': 'Die Postleitzahl muss eine Nummer sein',
    });
    expect(addressErrors({ company: 'Firma GmbH', street: 'Weg 1', plz: '2099', city: 'Kiel' }, 'invoice', { company: true })).toEqual({});
  });
});

describe('pickup-payment flow', () => {
  it('needs the phone, at least 10 characters', () => {
    expect(validatePersonalData('takeaway', form({ phone: '' }), ctx).phone).toBe('Die Mobilnummer wird benötigt');
    expect(validatePersonalData('takeaway', form({ phone: '015112345' }), ctx).phone).toBe('Die Mobilnummer ist zu kurz');
    expect(validatePersonalData('takeaway', form({ phone: '0151123456' }), ctx).phone).toBeUndefined();
    expect(validatePersonalData('takeaway', form({ name: 'Erika' }), ctx).name).toBe('Bitte Vor- und Nachname eingeben');
  });
});

describe('delivery step 1', () => {
  it('telephone wording, minimum 10, and the invalid number message', () => {
    expect(validatePersonalData('deliveryWithPay', form({ phone: '' }), ctx).phone).toBe('Die Telefonnummer wird benötigt');
    expect(validatePersonalData('deliveryWithPay', form({ phone: '040 12345' }), ctx).phone).toBe('Die Telefonnummer ist zu kurz');
    expect(validatePersonalData('deliveryWithPay', form({ phone: '0151/1234567' }), ctx).phone).toBe('Die eingegebene Mobilnummer ist ungültig');
  });
  it('the invoice postcode must be in the allowed list (text as shown)', () => {
    const refused = form({ invoiceAddress: { company: '', street: 'Elbchaussee 1', plz: '22763', city: 'Hamburg' } });
    expect(validatePersonalData('deliveryWithPay', refused, ctx)['invoice.plz']).toBe('Eioe Lieferung an diese Adresse ist nicht möglich');
    expect(validatePersonalData('delivery', valid, ctx)).toEqual({});
  });
  it('a different delivery address gets the same street, postcode and city rules', () => {
    const other = form({ sameAddress: false, deliveryAddress: { company: '', street: 'Hof', plz: '2014x', city: 'H', etage: '2' } });
    expect(validatePersonalData('deliveryWithPay', other, ctx)).toEqual({
      'delivery.street': 'Die Straße ist erforderlich',
      'delivery.plz': 'Die Postleitzahl muss eine Nummer sein',
      'delivery.city': 'Der Ort ist erforderlich',
    });
    const fine = form({ sameAddress: false, deliveryAddress: { company: '', street: 'Grindelallee 1', plz: '20146', city: 'Hamburg', etage: '' } });
    expect(validatePersonalData('deliveryWithPay', fine, ctx)).toEqual({});
  });
});

describe('in-house waiter flow', () => {
  it('without self-service only a given e-mail is checked', () => {
    expect(validatePersonalData('inhouse', form({ name: '', phone: '', email: '' }), ctx)).toEqual({});
    expect(validatePersonalData('inhouse', form({ name: '', phone: '', email: 'x@' }), ctx)).toEqual({
      email: 'Die E-Mail Addresse ist ungültig',
      form: 'Bitte vervollständige deine Eingabe',
    });
  });
  it('under self-service: name rules and the phone (required, under 9 too short, invalid)', () => {
    const ss = { ...ctx, selfService: true };
    expect(validatePersonalData('inhouse', form({ phone: '' }), ss)).toEqual({
      phone: 'Die Mobilnummer wird benötigt',
      form: 'Bitte vervollständige deine Eingabe',
    });
    expect(validatePersonalData('inhouse', form({ phone: '01511234' }), ss).phone).toBe('Die Mobilnummer ist zu kurz');
    expect(validatePersonalData('inhouse', form({ phone: '015112345' }), ss).phone).toBeUndefined();
    expect(validatePersonalData('inhouse', form({ phone: '0151 12x45678' }), ss).phone).toBe('Die eingegebene Mobilnummer ist ungültig');
    expect(validatePersonalData('inhouse', form({ name: 'Al' }), ss).name).toBe('Vor- und Nachname sind erforderlich');
  });
});

describe('in-house online flow', () => {
  it('needs the e-mail: required, then valid', () => {
    expect(validatePersonalData('inhouseWithPay', form({ email: '' }), ctx).email).toBe('E-Mail ist erforderlich');
    expect(validatePersonalData('inhouseWithPay', form({ email: 'nope' }), ctx).email).toBe('Ungültige E-Mail');
  });
  it('an optional name must be complete; an optional phone must be valid', () => {
    expect(validatePersonalData('inhouseWithPay', form({ name: '', phone: '' }), ctx)).toEqual({});
    expect(validatePersonalData('inhouseWithPay', form({ name: 'Erika' }), ctx).name).toBe('Bitte vollständigen Namen eingeben');
    expect(validatePersonalData('inhouseWithPay', form({ phone: '0151' }), ctx).phone).toBe('Die Mobilnummer ist zu kurz');
  });
});

describe('tip flow', () => {
  it('name and e-mail required; the phone is optional unless self-service or the customer card path', () => {
    expect(validatePersonalData('inhouseWithPayTip', form({ phone: '' }), ctx)).toEqual({});
    expect(validatePersonalData('inhouseWithPayTip', form({ name: '', email: '' }), ctx)).toEqual({
      name: 'Vor- und Nachname sind erforderlich',
      email: 'E-Mail ist erforderlich',
    });
    expect(validatePersonalData('inhouseWithPayTip', form({ phone: '' }), { ...ctx, customerCardPath: true }).phone).toBe('Mobilnummer notwendig');
    expect(validatePersonalData('inhouseWithPayTip', form({ phone: '' }), { ...ctx, selfService: true }).phone).toBe('Mobilnummer notwendig');
  });
});

describe('mobile payment', () => {
  it('name at least 3, e-mail optional, the phone required in self-service with minimum 10', () => {
    expect(validatePersonalData('mobilePayment', form({ name: 'Al' }), ctx).name).toBe('Name ist erforderlich');
    expect(validatePersonalData('mobilePayment', form({ name: 'Ali', email: '', phone: '' }), ctx)).toEqual({});
    const ss = { ...ctx, selfService: true };
    expect(validatePersonalData('mobilePayment', form({ phone: '' }), ss).phone).toBe('Die Mobilnummer wird benötigt');
    expect(validatePersonalData('mobilePayment', form({ phone: '015112345' }), ss).phone).toBe('Die Mobilnummer ist zu kurz');
    expect(validatePersonalData('mobilePayment', form({ phone: '01511234+56' }), ss).phone).toBe('Die eingegebene Mobilnummer ist ungültig');
  });
});

describe('phone error order', () => {
  it('required, invalid characters, too short, implausible', () => {
    expect(phoneError('', 10)).toBe('Die Mobilnummer wird benötigt');
    expect(phoneError('abc', 10)).toBe('Die eingegebene Mobilnummer ist ungültig');
    expect(phoneError('0151', 10)).toBe('Die Mobilnummer ist zu kurz');
    expect(phoneError('+49 1511 2345 6789 01', 10)).toBe('Die eingegebene Mobilnummer ist ungültig');
  });
});

describe('minimum order, time choice, captcha, customer card', () => {
  const config = { takeAway: { minOrderAmount: 800 }, delivery: { minOrderAmount: 2000 } } as never;
  it('applies to takeaway and delivery, not in-house', () => {
    expect(minimumOrderError(799, 'takeaway', config)).toBe('Bitte beachte den Mindestbestellwert von 8,00\u00a0€');
    expect(minimumOrderError(800, 'takeaway', config)).toBeUndefined();
    expect(minimumOrderError(1999, 'delivery', config)).toBe('Bitte beachte den Mindestbestellwert von 20,00\u00a0€');
    expect(minimumOrderError(100, 'tableordering', config)).toBeUndefined();
  });
  it('a closed day or no chosen time', () => {
    const slot = { value: '12:30', display: 'ca. 12:30 Uhr', utc: 1 };
    expect(timeChoiceError({ dayClosed: true, slot }, 'pickup')).toBe('Bitte wählen Sie eine Abholzeit aus');
    expect(timeChoiceError({ dayClosed: false, slot: null }, 'delivery')).toBe('Bitte wählen Sie eine Lieferzeit aus');
    expect(timeChoiceError({ dayClosed: false, slot }, 'pickup')).toBeUndefined();
  });
  it('the customer card needs the balance', () => {
    expect(isCustomerCardSufficient(2500, 2500)).toBe(true);
    expect(isCustomerCardSufficient(2501, 2500)).toBe(false);
  });
});
