import { useEffect, useState } from 'react';
import { ask, emit } from '@shop/shared/bus';
import { addressLine } from '@shop/shared/domain/orders';
import { account as texts } from '@shop/shared/i18n/account';
import { Link, useStore } from '@shop/shared/react';
import { formDataStore, inhouseFormDataStore } from '@shop/shared/stores';
import { loadPreferences, preferencesStore, setExcludedAllergens } from '@shop/shared/stores/preferences';
import { Button, Page, buttonClass } from '@shop/shared/ui';
import { AllergenChips } from '@shop/shared/ui/allergen-chips';
import { useSession } from '../../auth/use-session';
import css from '../account.module.css';
import { PushSettings } from './PushSettings';

/** What the checkout keeps on this device (requirements#order-entities formData), as lines to show. */
function savedDetails(form: ReturnType<typeof formDataStore.get>): string[] {
  const invoice = addressLine(form.invoiceAddress);
  const delivery = form.sameAddress ? '' : addressLine(form.deliveryAddress);
  return [form.name, form.email, form.phone, invoice, delivery].map((v) => v.trim()).filter((v) => v !== '');
}

/**
 * Einstellungen (requirements#screens route table; the spec leaves its content open, see ADR 0011): the
 * allergens to avoid (user setting `allergenes`, saved by device id like the menu's filter), push
 * messages and their topics (PushSettings), the contact details the checkout keeps on this device with a way to delete them, and the signed-in
 * areas.
 */
export function SettingsPage() {
  const { user } = useSession();
  const prefs = useStore(preferencesStore);
  const form = useStore(formDataStore);
  const inhouse = useStore(inhouseFormDataStore);
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    void loadPreferences().catch(() => undefined);
  }, []);

  const saveAllergens = (next: string[]) => {
    setExcludedAllergens(next).then(
      () => emit('shell:overlay', { kind: 'snackbar', text: texts.settingsSaved }),
      () => emit('shell:overlay', { kind: 'snackbar', text: texts.settingsSaveFailed }),
    );
  };

  const details = savedDetails(form);
  const hasDetails = details.length > 0 || savedDetails(inhouse).length > 0;
  const deleteDetails = async () => {
    if (!(await ask(texts.settingsDeleteQuestion, { text: texts.settingsDeleteText }))) return;
    formDataStore.reset();
    inhouseFormDataStore.reset();
    setDeleted(true);
  };

  return (
    <Page title={texts.settingsTitle} testId="settings-page">
      <section className={css.card} aria-labelledby="settings-allergens">
        <h2 className={css.sectionTitle} id="settings-allergens">
          {texts.settingsAllergensTitle}
        </h2>
        <p className={css.muted}>{texts.settingsAllergensInfo}</p>
        <AllergenChips excluded={prefs.allergenes} onChange={saveAllergens} />
        <p className={css.sectionLink}>
          <Link to="Allergene">{texts.settingsAllergenLegend}</Link>
        </p>
      </section>

      <PushSettings />

      <section className={css.card} aria-labelledby="settings-details">
        <h2 className={css.sectionTitle} id="settings-details">
          {texts.settingsDetailsTitle}
        </h2>
        {hasDetails ? (
          <>
            <p className={css.muted}>{texts.settingsDetailsInfo}</p>
            <ul className={css.plainList} data-testid="settings-details">
              {details.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <Button variant="ghost" block onClick={() => void deleteDetails()} data-testid="settings-delete-details">
              {texts.settingsDelete}
            </Button>
          </>
        ) : (
          <p className={css.muted} data-testid="settings-no-details">
            {deleted ? texts.settingsDeleted : texts.settingsNoDetails}
          </p>
        )}
      </section>

      <div className={css.actions}>
        {user ? (
          <>
            <Link to="Zahlungsmittel" className={buttonClass('secondary', true)}>
              {texts.methodsTitle}
            </Link>
            <Link to="Karten" className={buttonClass('secondary', true)}>
              {texts.toCustomerCards}
            </Link>
            <Link to="Account" className={buttonClass('ghost', true)}>
              {texts.accountTitle}
            </Link>
          </>
        ) : (
          <Link to="Anmelden" className={buttonClass('secondary', true)}>
            {texts.toSignIn}
          </Link>
        )}
      </div>
    </Page>
  );
}
