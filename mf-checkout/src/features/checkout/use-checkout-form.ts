import { useCallback, useState } from 'react';
import type { PersonForm } from '@shop/shared/domain/checkout-validation';
import { formDataStore, inhouseFormDataStore, type CheckoutFormData } from '@shop/shared/stores';
import type { CheckoutContext } from './use-checkout-context';

/**
 * The form data kept locally (requirements#order-entities): a separate copy for the in-house flows; a
 * signed-in user's display name, e-mail and phone override the saved values; the default
 * postcode and city prefill the invoice address.
 */
export function initialForm(saved: CheckoutFormData, ctx: Pick<CheckoutContext, 'user' | 'branch'>): CheckoutFormData {
  const user = ctx.user;
  return {
    ...saved,
    name: user?.displayName || saved.name,
    email: user?.email || saved.email,
    phone: user?.phoneNumber || saved.phone,
    invoiceAddress: {
      ...saved.invoiceAddress,
      plz: saved.invoiceAddress.plz || ctx.branch.defaultPlz,
      city: saved.invoiceAddress.city || ctx.branch.defaultCity,
    },
  };
}

export function useCheckoutForm(ctx: CheckoutContext): [PersonForm, (patch: Partial<CheckoutFormData>) => void] {
  const store = ctx.flow.inhouse ? inhouseFormDataStore : formDataStore;
  const [form, setForm] = useState<CheckoutFormData>(() => initialForm(store.get(), ctx));
  const update = useCallback(
    (patch: Partial<CheckoutFormData>) => {
      setForm((current) => {
        const next = { ...current, ...patch };
        store.set(next);
        return next;
      });
    },
    [store],
  );
  return [form, update];
}
