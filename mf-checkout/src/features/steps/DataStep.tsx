import type { FeatureFlags } from '@shop/shared/contract';
import type { FieldErrors, FlowId, PersonForm } from '@shop/shared/domain/checkout-validation';
import { filterPhoneInput } from '@shop/shared/domain/phone';
import { de, fill } from '@shop/shared/i18n';
import type { CheckoutFormData } from '@shop/shared/stores';
import { Check, Field, TextArea } from '../ui/fields';
import css from './steps.module.css';

const t = de.checkout;

export interface DataStepProps {
  flowId: FlowId;
  form: PersonForm;
  update: (patch: Partial<CheckoutFormData>) => void;
  /** Errors to show (empty until the first attempt). */
  errors: FieldErrors;
  features: FeatureFlags;
  selfService: boolean;
  mehrweg?: { readonly chosen: boolean; readonly companyName: string; readonly onChange: (v: boolean) => void };
  onEnter: () => void;
}

/** Step 1 of every flow: the guest's data (requirements#checkout-screens), fields per flow. */
export function DataStep({ flowId, form, update, errors, features, selfService, mehrweg, onEnter }: DataStepProps) {
  const delivery = flowId === 'delivery' || flowId === 'deliveryWithPay';
  const tipFlow = flowId === 'inhouseWithPayTip';
  const showPhone = !(flowId === 'inhouse' || tipFlow) || selfService;
  const showEmail = true;
  const showNote = features.enableOrderNote;
  const address = (which: 'invoiceAddress' | 'deliveryAddress', key: string, value: string) => update({ [which]: { ...form[which], [key]: value } });
  // The last field of the step continues on Enter.
  const lastIsPhone = showPhone && !showNote && !delivery && !form.companyInvoice;

  return (
    <div className={css.step} data-testid="step-data">
      <Field
        label={tipFlow ? t.nameRequiredMark : t.name}
        value={form.name}
        onValue={(name) => update({ name })}
        error={errors.name}
        autoComplete="name"
        testId="field-name"
      />
      {showEmail ? (
        <Field
          label={tipFlow ? t.emailRequiredMark : t.email}
          value={form.email}
          onValue={(email) => update({ email })}
          error={errors.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          testId="field-email"
          {...(!showPhone && !showNote ? { onEnter } : {})}
        />
      ) : null}
      {showPhone ? (
        <Field
          label={t.phone}
          value={form.phone}
          onValue={(phone) => update({ phone: filterPhoneInput(phone) })}
          error={errors.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          testId="field-phone"
          {...(lastIsPhone ? { onEnter } : {})}
        />
      ) : null}

      {flowId === 'takeawayWithPay' ? (
        <>
          <Check
            label={t.companyInvoice}
            checked={form.companyInvoice}
            onChange={(companyInvoice) => update({ companyInvoice })}
            testId="field-company-invoice"
          />
          {form.companyInvoice ? (
            <fieldset className={css.group}>
              <legend>{t.invoiceAddress}</legend>
              <Field
                label={t.company}
                value={form.invoiceAddress.company}
                onValue={(v) => address('invoiceAddress', 'company', v)}
                error={errors['invoice.company']}
                autoComplete="organization"
                testId="field-invoice-company"
              />
              <AddressFields which="invoiceAddress" form={form} errors={errors} prefix="invoice" onChange={address} />
            </fieldset>
          ) : null}
        </>
      ) : null}

      {delivery ? (
        <>
          <fieldset className={css.group}>
            <legend>{t.invoiceAddress}</legend>
            <Field
              label={t.companyOptional}
              value={form.invoiceAddress.company}
              onValue={(v) => address('invoiceAddress', 'company', v)}
              autoComplete="organization"
              testId="field-invoice-company"
            />
            <AddressFields which="invoiceAddress" form={form} errors={errors} prefix="invoice" onChange={address} />
          </fieldset>
          <Check label={t.sameAddress} checked={form.sameAddress} onChange={(sameAddress) => update({ sameAddress })} testId="field-same-address" />
          <fieldset className={css.group}>
            <legend>{t.deliveryAddress}</legend>
            {!form.sameAddress ? (
              <>
                <Field
                  label={t.companyOptional}
                  value={form.deliveryAddress.company}
                  onValue={(v) => address('deliveryAddress', 'company', v)}
                  testId="field-delivery-company"
                />
                <AddressFields which="deliveryAddress" form={form} errors={errors} prefix="delivery" onChange={address} />
              </>
            ) : null}
            <Field
              label={t.etage}
              value={form.deliveryAddress.etage ?? ''}
              onValue={(v) => address('deliveryAddress', 'etage', v)}
              testId="field-etage"
              {...(!showNote ? { onEnter } : {})}
            />
          </fieldset>
        </>
      ) : null}

      {showNote && tipFlow ? (
        <fieldset className={css.group}>
          <legend>{t.note}</legend>
          <TextArea label={t.noteField} value={form.note} onValue={(note) => update({ note })} onEnter={onEnter} testId="field-note" />
        </fieldset>
      ) : null}
      {showNote && !tipFlow ? <TextArea label={t.note} value={form.note} onValue={(note) => update({ note })} onEnter={onEnter} testId="field-note" /> : null}

      {mehrweg ? (
        <div className={css.mehrweg}>
          <strong>{t.mehrwegTitle}</strong>
          <Check label={t.mehrwegOption} checked={mehrweg.chosen} onChange={mehrweg.onChange} testId="field-mehrweg">
            {mehrweg.companyName ? <span className={css.muted}> {fill(t.mehrwegCompany, { company: mehrweg.companyName })}</span> : null}
          </Check>
        </div>
      ) : null}

      {errors.form ? (
        <p className={css.formError} role="alert" data-testid="form-error">
          {errors.form}
        </p>
      ) : null}
    </div>
  );
}

function AddressFields({
  which,
  form,
  errors,
  prefix,
  onChange,
}: {
  which: 'invoiceAddress' | 'deliveryAddress';
  form: PersonForm;
  errors: FieldErrors;
  prefix: 'invoice' | 'delivery';
  onChange: (which: 'invoiceAddress' | 'deliveryAddress', key: string, value: string) => void;
}) {
  const a = form[which];
  return (
    <>
      <Field
        label={t.street}
        value={a.street}
        onValue={(v) => onChange(which, 'street', v)}
        error={errors[`${prefix}.street`]}
        autoComplete="street-address"
        testId={`field-${prefix}-street`}
      />
      <div className={css.row}>
        <Field
          label={t.plz}
          value={a.plz}
          onValue={(v) => onChange(which, 'plz', v)}
          error={errors[`${prefix}.plz`]}
          inputMode="numeric"
          autoComplete="postal-code"
          testId={`field-${prefix}-plz`}
        />
        <Field
          label={t.city}
          value={a.city}
          onValue={(v) => onChange(which, 'city', v)}
          error={errors[`${prefix}.city`]}
          autoComplete="address-level2"
          testId={`field-${prefix}-city`}
        />
      </div>
    </>
  );
}
