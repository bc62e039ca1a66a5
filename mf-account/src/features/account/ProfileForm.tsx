import { useEffect, useState, type FormEvent } from 'react';
import type { Address, AppUser } from '@shop/shared/contract';
import { emit } from '@shop/shared/bus';
import { filterPhoneInput } from '@shop/shared/domain/phone';
import { addressWorthSending } from '@shop/shared/domain/person';
import { hasProfileErrors, profileErrors, type ProfileErrors, type ProfileField } from '@shop/shared/domain/profile';
import { profile as p } from '@shop/shared/i18n/profile';
import { Button, Notice, Skeleton, TextField } from '@shop/shared/ui';
import { ProfileRefused, loadProfile, saveProfile } from '../../auth/profile-flows';
import css from '../account.module.css';
import pcss from './profile.module.css';

const EMPTY: Address = { company: '', street: '', plz: '', city: '' };

interface Form {
  name: string;
  phone: string;
  invoiceAddress: Address;
  deliveryAddress: Address;
}

function formOf(user: AppUser | null, fallback: { name: string; phone: string }): Form {
  return {
    name: user?.name || fallback.name,
    phone: user?.phone || fallback.phone,
    invoiceAddress: { ...EMPTY, ...user?.invoiceAddress },
    deliveryAddress: { ...EMPTY, ...user?.deliveryAddress },
  };
}

/** An address as sent: with a street it is stored; emptied after being stored, it is removed (null). */
function addressPayload(address: Address, stored: Address | undefined): Address | null | undefined {
  if (addressWorthSending(address)) return address;
  return stored ? null : undefined;
}

function AddressFields({
  kind,
  value,
  errors,
  onChange,
}: {
  kind: 'invoice' | 'delivery';
  value: Address;
  errors: ProfileErrors;
  onChange: (next: Address) => void;
}) {
  const field = (name: 'street' | 'plz' | 'city') => errors[`${kind}.${name}` as ProfileField];
  return (
    <fieldset className={pcss.fieldset} data-testid={`profile-${kind}`}>
      <legend className={pcss.legend}>{kind === 'invoice' ? p.invoiceAddress : p.deliveryAddress}</legend>
      <TextField label={p.company} autoComplete="organization" value={value.company} onValue={(company) => onChange({ ...value, company })} />
      <TextField
        label={p.street}
        autoComplete="street-address"
        value={value.street}
        onValue={(street) => onChange({ ...value, street })}
        error={field('street')}
        data-testid={`profile-${kind}-street`}
      />
      <div className={pcss.pair}>
        <TextField
          label={p.plz}
          autoComplete="postal-code"
          inputMode="numeric"
          value={value.plz}
          onValue={(plz) => onChange({ ...value, plz })}
          error={field('plz')}
          data-testid={`profile-${kind}-plz`}
        />
        <TextField
          label={p.city}
          autoComplete="address-level2"
          value={value.city}
          onValue={(city) => onChange({ ...value, city })}
          error={field('city')}
          data-testid={`profile-${kind}-city`}
        />
      </div>
    </fieldset>
  );
}

/**
 * Persönliche Daten: name, phone, invoice and delivery address with street. The
 * same rules as the server (shared profile rules); an address is sent only with a street (requirements#shop-validation).
 */
export function ProfileForm({ fuid, fallback }: { fuid: string; fallback: { name: string; phone: string } }) {
  const [stored, setStored] = useState<AppUser | null | 'loading' | 'failed'>('loading');
  const [form, setForm] = useState<Form>(() => formOf(null, fallback));
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    loadProfile(fuid).then(
      (user) => {
        if (!alive) return;
        setStored(user);
        setForm(formOf(user, fallback));
      },
      () => alive && setStored('failed'),
    );
    return () => {
      alive = false;
    };
    // The fallback is only the first fill of a new account.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fuid]);

  if (stored === 'loading') return <Skeleton height={260} />;
  const errors = attempted ? profileErrors(form) : {};
  const before = stored === 'failed' ? null : stored;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (hasProfileErrors(profileErrors(form))) return;
    setBusy(true);
    try {
      const invoiceAddress = addressPayload(form.invoiceAddress, before?.invoiceAddress);
      const deliveryAddress = addressPayload(form.deliveryAddress, before?.deliveryAddress);
      const saved = await saveProfile({
        name: form.name,
        phone: form.phone,
        ...(invoiceAddress !== undefined ? { invoiceAddress } : {}),
        ...(deliveryAddress !== undefined ? { deliveryAddress } : {}),
      });
      setStored(saved);
      setForm(formOf(saved, fallback));
      setAttempted(false);
      emit('shell:overlay', { kind: 'snackbar', text: p.saved });
    } catch (error) {
      setServerError(error instanceof ProfileRefused && error.userMessage ? error.userMessage : p.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={css.card} aria-labelledby="profile-title" data-testid="profile">
      <h2 className={css.sectionTitle} id="profile-title">
        {p.title}
      </h2>
      {stored === 'failed' ? (
        <div className={css.formError}>
          <Notice error>{p.loadFailed}</Notice>
        </div>
      ) : null}
      {serverError ? (
        <div className={css.formError}>
          <Notice error testId="profile-error">
            {serverError}
          </Notice>
        </div>
      ) : null}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={p.name}
          autoComplete="name"
          value={form.name}
          onValue={(name) => setForm({ ...form, name })}
          error={errors.name}
          data-testid="profile-name"
        />
        <TextField
          label={p.phone}
          type="tel"
          autoComplete="tel"
          value={form.phone}
          onValue={(phone) => setForm({ ...form, phone: filterPhoneInput(phone) })}
          error={errors.phone}
          data-testid="profile-phone"
        />
        <p className={css.muted}>{p.addressHint}</p>
        <AddressFields kind="invoice" value={form.invoiceAddress} errors={errors} onChange={(invoiceAddress) => setForm({ ...form, invoiceAddress })} />
        <AddressFields kind="delivery" value={form.deliveryAddress} errors={errors} onChange={(deliveryAddress) => setForm({ ...form, deliveryAddress })} />
        <Button type="submit" block disabled={busy} data-testid="profile-save">
          {p.save}
        </Button>
      </form>
    </section>
  );
}
