import { useState, type FormEvent } from 'react';
import { emit } from '@shop/shared/bus';
import type { CustomerCardEntry, StaffCustomerCard } from '@shop/shared/contract';
import { formatCardNumber, normalizeCardNumber } from '@shop/shared/domain/customer-cards';
import { formatEuro, parseEuroInput } from '@shop/shared/domain/money';
import { shopClockTime, shopDate } from '@shop/shared/domain/orders';
import { cards as texts } from '@shop/shared/i18n/cards';
import { fill } from '@shop/shared/i18n/fill';
import { Button, TextField } from '@shop/shared/ui';
import { StaffGate } from './StaffGate';
import { failureText, newRequestId, reportFailure, staffCall, useStaffData } from './staff-data';
import css from './admin.module.css';

function cardStatus(card: StaffCustomerCard): string {
  if (card.claimed) return texts.staffClaimed;
  return card.locked ? texts.staffLocked : texts.staffUnclaimed;
}

/** The number and check code to hand to the guest (printable). */
function Issued({ card, checkCode }: { card: StaffCustomerCard; checkCode: string }) {
  return (
    <div className={`${css.item} ${css.printable}`} data-testid="admin-card-issued" role="status">
      <h3 className={css.itemTitle}>{texts.staffIssued}</h3>
      <dl className={css.facts}>
        <dt>{texts.staffNumber}</dt>
        <dd data-testid="admin-card-number">{formatCardNumber(card.rfid)}</dd>
        <dt>{texts.staffCode}</dt>
        <dd data-testid="admin-card-code">{checkCode}</dd>
        <dt>{card.label}</dt>
        <dd>{fill(texts.staffBalance, { amount: formatEuro(card.balance) })}</dd>
      </dl>
      <p className={css.muted}>{texts.staffIssuedHint}</p>
      <Button variant="secondary" className={css.noPrint} onClick={() => window.print()}>
        {texts.staffPrint}
      </Button>
    </div>
  );
}

function IssueForm({ onIssued }: { onIssued: (card: StaffCustomerCard, checkCode: string) => void }) {
  const [label, setLabel] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // One id per card to issue: a repeated click after a lost answer issues no second card.
  const [requestId, setRequestId] = useState(newRequestId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = amount.trim() === '' ? 0 : parseEuroInput(amount);
    if (cents === null) return setError(texts.staffAmountInvalid);
    setError(undefined);
    setBusy(true);
    try {
      const res = await staffCall('IssueCustomerCard', { label, initialAmount: cents, requestId });
      onIssued(res.card, res.checkCode);
      setLabel('');
      setAmount('');
      setRequestId(newRequestId());
    } catch (e) {
      setError(failureText(e, texts.staffFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={css.item} onSubmit={(e) => void submit(e)} data-testid="admin-card-issue">
      <h3 className={css.itemTitle}>{texts.staffIssueTitle}</h3>
      <TextField label={texts.staffLabel} value={label} onValue={setLabel} maxLength={60} data-testid="admin-card-label" />
      <TextField label={texts.staffInitialAmount} value={amount} onValue={setAmount} error={error} inputMode="decimal" data-testid="admin-card-initial" />
      <Button type="submit" disabled={busy} data-testid="admin-card-issue-submit">
        {texts.staffIssue}
      </Button>
    </form>
  );
}

function CardDetail({
  card,
  entries,
  onChanged,
}: {
  card: StaffCustomerCard;
  entries: CustomerCardEntry[];
  onChanged: (card: StaffCustomerCard, entries: CustomerCardEntry[], code?: string) => void;
}) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);

  const topUp = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseEuroInput(amount);
    if (cents === null) return setError(texts.staffAmountInvalid);
    setError(undefined);
    setBusy(true);
    try {
      const res = await staffCall('TopUpCustomerCard', { rfid: card.rfid, amount: cents, requestId });
      onChanged(res.card, res.repeated ? entries : [res.entry, ...entries]);
      setAmount('');
      setRequestId(newRequestId());
      emit('shell:overlay', {
        kind: 'snackbar',
        text: res.repeated ? texts.topUpRepeated : fill(texts.staffToppedUp, { amount: formatEuro(res.entry.amount), balance: formatEuro(res.card.balance) }),
      });
    } catch (e) {
      setError(failureText(e, texts.staffFailed));
    } finally {
      setBusy(false);
    }
  };

  const newCode = async () => {
    setBusy(true);
    try {
      const res = await staffCall('ResetCustomerCardCode', { rfid: card.rfid });
      onChanged(res.card, entries, res.checkCode);
    } catch (e) {
      reportFailure(e, texts.staffFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={css.item} data-testid="admin-card" data-rfid={card.rfid}>
      <h3 className={css.itemTitle}>
        {card.label} · {formatCardNumber(card.rfid)}
      </h3>
      <p className={css.balance} data-testid="admin-card-balance">
        {fill(texts.staffBalance, { amount: formatEuro(card.balance) })}
      </p>
      <p className={css.muted} data-testid="admin-card-status">
        {cardStatus(card)}
      </p>
      <form onSubmit={(e) => void topUp(e)} className={css.inline}>
        <TextField label={texts.staffTopUpAmount} value={amount} onValue={setAmount} error={error} inputMode="decimal" data-testid="admin-card-topup-amount" />
        <Button type="submit" disabled={busy} data-testid="admin-card-topup">
          {texts.staffTopUp}
        </Button>
      </form>
      {!card.claimed ? (
        <Button variant="ghost" disabled={busy} onClick={() => void newCode()} data-testid="admin-card-new-code">
          {texts.staffNewCode}
        </Button>
      ) : null}
      <h4 className={css.subTitle}>{texts.staffEntries}</h4>
      {entries.length === 0 ? <p className={css.muted}>{texts.staffNoEntries}</p> : null}
      <ul className={css.entries} data-testid="admin-card-entries">
        {entries.map((e) => (
          <li key={e.id}>
            <span>
              {shopDate(e.createdAt)} {shopClockTime(e.createdAt)} · {texts.staffEntryKinds[e.kind]}
            </span>
            <strong>{formatEuro(e.amount)}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Kundenkarten: issue a card (number and check code for the guest), find one, top it up, give it a new code. */
export function CardsSection() {
  const { state, reload } = useStaffData(async () => (await staffCall('LoadStaffCustomerCards', {})).cards, []);
  const [issued, setIssued] = useState<{ card: StaffCustomerCard; checkCode: string } | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ card: StaffCustomerCard; entries: CustomerCardEntry[] } | null>(null);
  const [findError, setFindError] = useState<string | undefined>();

  const open = async (rfid: string) => {
    setFindError(undefined);
    try {
      const res = await staffCall('FindCustomerCard', { rfid: normalizeCardNumber(rfid) });
      setFound({ card: res.card, entries: res.entries });
    } catch (e) {
      setFound(null);
      setFindError(failureText(e, texts.staffNotFound));
    }
  };

  return (
    <section>
      <StaffGate state={state}>
        {(recent) => (
          <>
            <IssueForm
              onIssued={(card, checkCode) => {
                setIssued({ card, checkCode });
                setFound({ card, entries: [] });
                void open(card.rfid);
                reload();
              }}
            />
            {issued ? <Issued card={issued.card} checkCode={issued.checkCode} /> : null}
            <form
              className={css.item}
              onSubmit={(e) => {
                e.preventDefault();
                void open(query);
              }}
            >
              <h3 className={css.itemTitle}>{texts.staffFindTitle}</h3>
              <div className={css.inline}>
                <TextField
                  label={texts.staffNumber}
                  value={query}
                  onValue={setQuery}
                  error={findError}
                  inputMode="numeric"
                  data-testid="admin-card-find-number"
                />
                <Button type="submit" data-testid="admin-card-find">
                  {texts.staffFind}
                </Button>
              </div>
            </form>
            {found ? (
              <CardDetail
                key={found.card.rfid}
                card={found.card}
                entries={found.entries}
                onChanged={(card, entries, code) => {
                  setFound({ card, entries });
                  if (code) setIssued({ card, checkCode: code });
                  reload();
                }}
              />
            ) : null}
            {recent.length > 0 ? (
              <>
                <h3 className={css.subTitle}>{texts.staffRecent}</h3>
                <ul className={css.entries} data-testid="admin-cards-recent">
                  {recent.map((card) => (
                    <li key={card.rfid}>
                      <button type="button" className={css.linkButton} onClick={() => void open(card.rfid)}>
                        {formatCardNumber(card.rfid)} · {card.label}
                      </button>
                      <span>{formatEuro(card.balance)}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        )}
      </StaffGate>
    </section>
  );
}
