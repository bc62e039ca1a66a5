import { useEffect, useState } from 'react';
import { emit } from '@shop/shared/bus';
import type { MenuItem, Offer } from '@shop/shared/contract';
import { formatEuro, parseEuroInput } from '@shop/shared/domain/money';
import { fill } from '@shop/shared/i18n/fill';
import { staff as texts } from '@shop/shared/i18n/staff';
import { ensureMenu } from '@shop/shared/stores';
import { Button, TextField } from '@shop/shared/ui';
import { StaffGate } from './StaffGate';
import { reportFailure, staffCall, useStaffData } from './staff-data';
import css from './admin.module.css';

type Items = ReadonlyMap<string, MenuItem>;

/** The articles of both menus by id (names and normal prices for the offers). */
function useMenuItems(): Items {
  const [items, setItems] = useState<Items>(new Map());
  useEffect(() => {
    let alive = true;
    void Promise.all([ensureMenu('food'), ensureMenu('drink')]).then(([food, drink]) => {
      if (!alive) return;
      const all = [...(food?.menu ?? []), ...(drink?.menu ?? [])].flatMap((c) => c.items);
      setItems(new Map(all.map((i) => [i.id, i])));
    });
    return () => {
      alive = false;
    };
  }, []);
  return items;
}

function itemsText(offer: Offer, items: Items): string {
  return offer.items
    .map((i) => `${items.get(i.id)?.nameToDisplay ?? items.get(i.id)?.nameDE ?? i.id}${i.vol && i.vol !== 'standard' ? ` (${i.vol})` : ''}`)
    .join(', ');
}

function regularPrice(offer: Offer, items: Items): number | undefined {
  const first = offer.items[0];
  const item = first ? items.get(first.id) : undefined;
  const size = item?.sizes.find((s) => first?.vol === undefined || s.vol === first.vol) ?? item?.sizes[0];
  return size?.price;
}

function OfferCard({ offer, items, onSaved }: { offer: Offer; items: Items; onSaved: (offer: Offer) => void }) {
  const [active, setActive] = useState(offer.active);
  const [value, setValue] = useState(offer.type === 'priceOffer' ? formatEuro(offer.offerPrice ?? 0).replace(/\s?€/, '') : String(offer.offerDiscount ?? ''));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const regular = regularPrice(offer, items);

  const save = async () => {
    const change: { offerPrice?: number; offerDiscount?: number } = {};
    if (offer.type === 'priceOffer') {
      const cents = parseEuroInput(value);
      if (cents === null || cents < 10) return setError(texts.offerPriceInvalid);
      change.offerPrice = cents;
    } else {
      const percent = Number(value.trim());
      if (!/^\d{1,2}$/.test(value.trim()) || percent < 1 || percent > 90) return setError(texts.offerDiscountInvalid);
      change.offerDiscount = percent;
    }
    setError(undefined);
    setBusy(true);
    try {
      const res = await staffCall('UpdateOffer', { id: offer.id, active, ...change });
      onSaved(res.offer);
      emit('shell:overlay', { kind: 'snackbar', text: texts.offerSaved });
    } catch (e) {
      reportFailure(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={css.item} data-testid="admin-offer" data-offer-id={offer.id}>
      <h3 className={css.itemTitle}>{offer.name}</h3>
      <p className={css.muted}>
        {texts.offerUsecases[offer.usecase]} · {fill(texts.offerItems, { items: itemsText(offer, items) })}
      </p>
      <label className={css.check}>
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} data-testid="admin-offer-active" />
        {texts.offerActive}
      </label>
      <TextField
        label={offer.type === 'priceOffer' ? texts.offerPrice : texts.offerDiscount}
        value={value}
        onValue={setValue}
        error={error}
        inputMode="decimal"
        data-testid="admin-offer-value"
      />
      {offer.type === 'priceOffer' && regular !== undefined ? (
        <p className={css.muted}>{fill(texts.offerRegularPrice, { price: formatEuro(regular) })}</p>
      ) : null}
      <Button onClick={() => void save()} disabled={busy} data-testid="admin-offer-save">
        {texts.offerSave}
      </Button>
    </li>
  );
}

/** Angebote: switch offers on and off, change their price or percent; guests see it at once. */
export function OffersSection() {
  const items = useMenuItems();
  const { state, set } = useStaffData(async () => (await staffCall('LoadStaffContent', {})).offers, []);
  return (
    <section>
      <p className={css.intro}>{texts.offersIntro}</p>
      <StaffGate state={state}>
        {(offers) => (
          <ul className={css.list}>
            {offers.map((offer) => (
              <OfferCard key={offer.id} offer={offer} items={items} onSaved={(saved) => set(offers.map((o) => (o.id === saved.id ? saved : o)))} />
            ))}
          </ul>
        )}
      </StaffGate>
    </section>
  );
}
