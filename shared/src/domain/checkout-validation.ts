/**
 * Validation of every checkout flow (requirements#checkout-validation), as pure functions returning German
 * messages per field. The UI shows them only after a first attempt; these functions always
 * compute them.
 */
import type { AppConfig } from '../contract/appconfig';
import type { Usecase } from '../contract/common';
import type { SelectedTime } from '../contract/order';
import { checkout as checkoutTexts } from '../i18n/de/checkout';
import { fill } from '../i18n/fill';
import { CHECKOUT_CONSTANTS as C } from './checkout-constants';
import { formatEuro, type Cents } from './money';
import { isFullName, isValidEmail, normalizeEmail } from './person';
import { isLongEnoughPhone, isWellFormedPhone } from './phone';

/** The nine checkout flows (requirements#checkout-screens). */
export type FlowId =
  'takeawayWithPay' | 'takeaway' | 'delivery' | 'deliveryWithPay' | 'inhouse' | 'inhouseWithPay' | 'inhouseWithPayTip' | 'mobilePayment' | 'digital';

export interface AddressInput {
  company: string;
  street: string;
  plz: string;
  city: string;
  etage?: string;
}

/** The form of the data step (same shape as the locally kept form data, requirements#order-entities). */
export interface PersonForm {
  name: string;
  email: string;
  phone: string;
  note: string;
  invoiceAddress: AddressInput;
  deliveryAddress: AddressInput;
  /** Delivery: 'Lieferadresse gleich Rechnungsadresse'. */
  sameAddress: boolean;
  /** Takeaway online: the Firmenrechnung switch. */
  companyInvoice: boolean;
}

export interface ValidationContext {
  /** appconfig.selfServiceEnabled */
  readonly selfService: boolean;
  /** Store state allowedDeliveryPlz (delivery flows). */
  readonly allowedDeliveryPlz?: readonly string[];
  /** Tip flow: the customer-card path needs a mobile number. */
  readonly customerCardPath?: boolean;
}

export type FieldKey =
  | 'name'
  | 'email'
  | 'phone'
  | 'invoice.company'
  | 'invoice.street'
  | 'invoice.plz'
  | 'invoice.city'
  | 'delivery.street'
  | 'delivery.plz'
  | 'delivery.city'
  | 'form';

export type FieldErrors = Partial<Record<FieldKey, string>>;

const t = checkoutTexts;

/** E-mail normalisation (trimmed, lower-case) and validity are the shared person rules (requirements#shop-validation). */
export const normaliseEmail = normalizeEmail;
export { isValidEmail, isFullName };

/** The takeaway name rule: 'Vor- und Nachname sind erforderlich', then 'Bitte Vor- und Nachname eingeben'. */
export function fullNameError(raw: string): string | undefined {
  if (raw.trim().length < C.nameMinLength) return t.nameRequired;
  if (!isFullName(raw)) return t.nameFull;
  return undefined;
}

type PhoneMessages = { required: string; tooShort: string; invalid: string };
const MOBILE: PhoneMessages = { required: t.phoneRequired, tooShort: t.phoneTooShort, invalid: t.phoneInvalid };
const TELEPHONE: PhoneMessages = { required: t.telephoneRequired, tooShort: t.telephoneTooShort, invalid: t.phoneInvalid };

/** Required, then only allowed characters, then the minimum length, then a plausible number. */
export function phoneError(raw: string, minLength: number, messages: PhoneMessages = MOBILE): string | undefined {
  const value = raw.trim();
  if (value === '') return messages.required;
  if (!/^\+?[\d ]+$/.test(value)) return messages.invalid;
  if (!isLongEnoughPhone(value, minLength)) return messages.tooShort;
  if (!isWellFormedPhone(value)) return messages.invalid;
  return undefined;
}

/** Street, postcode and city rules; `prefix` names the address in the error keys. */
export function addressErrors(address: AddressInput, prefix: 'invoice' | 'delivery', options: { company?: boolean } = {}): FieldErrors {
  const errors: FieldErrors = {};
  if (options.company && address.company.trim().length < C.companyMinLength) errors[`invoice.company`] = t.companyRequired;
  const street = address.street.trim();
  if (street.length < C.streetMinLength) errors[`${prefix}.street`] = t.streetRequired;
  else if (!/\d/.test(street)) errors[`${prefix}.street`] = t.houseNumberMissing;
  const plz = address.plz.trim();
  // requirements#checkout-validation names three rules whose first (under 4 characters: 'erforderlich') would hide the
  // third ('zu kurz'); read so that each text can appear (docs/requirements.md#checkout-validation):
  // nothing entered is 'erforderlich', anything but digits 'muss eine Nummer sein', under 4 digits 'zu kurz'.
  if (plz.length === 0) errors[`${prefix}.plz`] = t.plzRequired;
  else if (!/^\d+$/.test(plz)) errors[`${prefix}.plz`] = t.plzNumeric;
  else if (plz.length < C.plzMinDigits) errors[`${prefix}.plz`] = t.plzTooShort;
  if (address.city.trim().length < C.cityMinLength) errors[`${prefix}.city`] = t.cityRequired;
  return errors;
}

/** Delivery postcode rule: 'Eioe Lieferung an diese Adresse ist nicht möglich'. */
export function isDeliverablePlz(plz: string, allowed: readonly string[]): boolean {
  return allowed.includes(plz.trim());
}

function emailValidOrEmpty(email: string, message: string): string | undefined {
  return email.trim() === '' || isValidEmail(email) ? undefined : message;
}

/**
 * Errors of the data step of a flow (requirements#checkout-validation). Empty object: the step may continue.
 */
export function validatePersonalData(flow: FlowId, form: PersonForm, ctx: ValidationContext): FieldErrors {
  const errors: FieldErrors = {};
  const set = (key: FieldKey, message: string | undefined) => {
    if (message !== undefined && errors[key] === undefined) errors[key] = message;
  };

  switch (flow) {
    case 'takeawayWithPay':
    case 'digital': {
      set('name', fullNameError(form.name));
      set('email', isValidEmail(form.email) ? undefined : t.emailInvalid);
      // Phone must be valid when self-service is enabled or a value is given (general minimum 8).
      if (ctx.selfService || form.phone.trim() !== '') set('phone', phoneError(form.phone, C.phoneMinGeneral));
      if (flow === 'takeawayWithPay' && form.companyInvoice) Object.assign(errors, addressErrors(form.invoiceAddress, 'invoice', { company: true }));
      break;
    }
    case 'takeaway': {
      set('name', fullNameError(form.name));
      set('email', isValidEmail(form.email) ? undefined : t.emailInvalid);
      set('phone', phoneError(form.phone, C.phoneMinPickup));
      break;
    }
    case 'delivery':
    case 'deliveryWithPay': {
      set('name', fullNameError(form.name));
      set('email', isValidEmail(form.email) ? undefined : t.emailInvalid);
      set('phone', phoneError(form.phone, C.phoneMinDelivery, TELEPHONE));
      Object.assign(errors, addressErrors(form.invoiceAddress, 'invoice'));
      const allowed = ctx.allowedDeliveryPlz ?? [];
      if (!errors['invoice.plz'] && !isDeliverablePlz(form.invoiceAddress.plz, allowed)) set('invoice.plz', t.plzNotDeliverable);
      if (!form.sameAddress) {
        Object.assign(errors, addressErrors(form.deliveryAddress, 'delivery'));
        // Stricter than the spec's list (ADR 0009): the address the food goes to must be deliverable too.
        if (!errors['delivery.plz'] && !isDeliverablePlz(form.deliveryAddress.plz, allowed)) set('delivery.plz', t.plzNotDeliverable);
      }
      break;
    }
    case 'inhouse': {
      if (ctx.selfService) {
        set('name', fullNameError(form.name));
        set('phone', phoneError(form.phone, C.phoneMinInhouseWaiter));
      }
      set('email', emailValidOrEmpty(form.email, t.emailInvalid));
      if (Object.keys(errors).length > 0) set('form', t.formIncomplete);
      break;
    }
    case 'inhouseWithPay': {
      if (form.email.trim() === '') set('email', t.emailRequired);
      else if (!isValidEmail(form.email)) set('email', t.emailInvalidShort);
      if (ctx.selfService) {
        set('name', fullNameError(form.name));
        set('phone', phoneError(form.phone, C.phoneMinInhouseWaiter));
      } else {
        if (form.name.trim() !== '' && !isFullName(form.name)) set('name', t.nameFullInhouse);
        if (form.phone.trim() !== '') set('phone', phoneError(form.phone, C.phoneMinInhouseWaiter));
      }
      break;
    }
    case 'inhouseWithPayTip': {
      set('name', fullNameError(form.name));
      if (form.email.trim() === '') set('email', t.emailRequired);
      else if (!isValidEmail(form.email)) set('email', t.emailInvalidShort);
      if (form.phone.trim() === '') {
        if (ctx.selfService || ctx.customerCardPath) set('phone', t.phoneNeeded);
      } else {
        set('phone', phoneError(form.phone, C.phoneMinInhouseWaiter));
      }
      break;
    }
    case 'mobilePayment': {
      if (form.name.trim().length < C.nameMinLength) set('name', t.nameShortRequired);
      set('email', emailValidOrEmpty(form.email, t.emailInvalid));
      if (ctx.selfService || form.phone.trim() !== '') set('phone', phoneError(form.phone, C.phoneMinMobilePayment));
      break;
    }
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The minimum order applies to takeaway and delivery, not in-house (requirements#checkout-validation). */
export function minimumOrderAmount(usecase: Usecase, config: Pick<AppConfig, 'takeAway' | 'delivery'>): Cents {
  if (usecase === 'takeaway') return config.takeAway.minOrderAmount;
  if (usecase === 'delivery') return config.delivery.minOrderAmount;
  return 0;
}

/**
 * 'Bitte beachte den Mindestbestellwert von {amount}' when the sum is below the minimum, else undefined.
 * @public A rule of the spec (requirements#checkout-errors texts) that no screen shows yet: the cart blocks below the
 * minimum through priceCart's minOrder instead.
 */
export function minimumOrderError(sum: Cents, usecase: Usecase, config: Pick<AppConfig, 'takeAway' | 'delivery'>): string | undefined {
  const minimum = minimumOrderAmount(usecase, config);
  return sum < minimum ? fill(t.minOrder, { amount: formatEuro(minimum) }) : undefined;
}

/** Step 2: a closed day or no chosen time (pickup or delivery wording). */
export function timeChoiceError(choice: { dayClosed: boolean; slot: SelectedTime | null | undefined }, kind: 'pickup' | 'delivery'): string | undefined {
  if (choice.dayClosed || !choice.slot) return kind === 'pickup' ? t.choosePickupTime : t.chooseDeliveryTime;
  return undefined;
}

/** Customer card: the total must not exceed the CRED balance (requirements#checkout-validation Payment). */
export function isCustomerCardSufficient(total: Cents, balance: Cents): boolean {
  return total <= balance;
}
