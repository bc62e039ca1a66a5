import { profile as t } from '../i18n/de/profile';
import { addressErrors, phoneError, type AddressInput } from './checkout-validation';
import { CHECKOUT_CONSTANTS } from './checkout-constants';
import { addressWorthSending, isShortName } from './person';

/**
 * The profile of the Account page (requirements#entities User: name, phone, invoice and delivery address
 * with street; §5 Person data). The same rules run in the browser and on the server.
 */
export interface ProfileInput {
  readonly name: string;
  readonly phone: string;
  readonly invoiceAddress: AddressInput;
  readonly deliveryAddress: AddressInput;
}

export type ProfileField = 'name' | 'phone' | 'invoice.street' | 'invoice.plz' | 'invoice.city' | 'delivery.street' | 'delivery.plz' | 'delivery.city';

export type ProfileErrors = Partial<Record<ProfileField, string>>;

/**
 * Errors per field: a name of at least 2 characters ('Bitte einen Namen eingeben'); a phone is
 * optional, and when given passes the general check (at least 8 characters); an address counts only
 * with a street (§5: sent only then) and is then checked like the checkout's.
 */
export function profileErrors(profile: ProfileInput): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!isShortName(profile.name)) errors.name = t.shortNameInvalid;
  if (profile.phone.trim() !== '') {
    const phone = phoneError(profile.phone, CHECKOUT_CONSTANTS.phoneMinGeneral, {
      required: t.phoneInvalid,
      tooShort: t.phoneTooShort,
      invalid: t.phoneInvalid,
    });
    if (phone) errors.phone = phone;
  }
  for (const kind of ['invoice', 'delivery'] as const) {
    const address = kind === 'invoice' ? profile.invoiceAddress : profile.deliveryAddress;
    if (!addressWorthSending(address)) continue;
    Object.assign(errors, addressErrors(address, kind));
  }
  return errors;
}

export function hasProfileErrors(errors: ProfileErrors): boolean {
  return Object.keys(errors).length > 0;
}
