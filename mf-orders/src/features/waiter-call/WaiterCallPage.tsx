import { useEffect, useRef, useState } from 'react';
import { ActionCallError, TransportError, callAction } from '@shop/shared/client';
import { resolveFeatures } from '@shop/shared/domain/features';
import { waiterCallBlock, type WaiterCallBlock } from '@shop/shared/domain/waiter-call';
import { orders as texts } from '@shop/shared/i18n/orders';
import { fill } from '@shop/shared/i18n/fill';
import { Link, useStore } from '@shop/shared/react';
import { navigateTo } from '@shop/shared/routes';
import { appDataStore, descriptorStore, ensureAppData, orderModeStore, tableStore } from '@shop/shared/stores';
import { Button, Icon, Notice, Page, buttonClass } from '@shop/shared/ui';
import css from './waiter-call.module.css';

const BLOCK_TEXT: Record<WaiterCallBlock, string> = {
  'feature-off': texts.waiterCallOff,
  'not-inhouse': texts.waiterCallNotInhouse,
  'no-table': texts.waiterCallNoTable,
};

/** A fresh id per call: the server stores each call once, however often it is sent. */
function newSignalId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `signal-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Kellnerruf (requirements#screens): a guest at a table calls the waiter with one button. */
export function WaiterCallPage() {
  const appData = useStore(appDataStore);
  const descriptor = useStore(descriptorStore);
  const mode = useStore(orderModeStore);
  const { table } = useStore(tableStore);
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle');
  /** The server's own text when it refused the call (too many calls). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const signalId = useRef<string | null>(null);

  useEffect(() => {
    void ensureAppData();
  }, []);

  const features = resolveFeatures(appData?.appconfig.features, descriptor?.features);
  const block = waiterCallBlock({ enabled: features.enableKellnerruf, inhouse: mode === 'inhouse', table });

  const send = async () => {
    if (!table || state === 'sending') return;
    // A retry after a failure keeps the id, so a call that did arrive is not counted twice.
    signalId.current ??= newSignalId();
    setState('sending');
    try {
      const res = await callAction('Kellnerruf', { usecase: 'tableordering', type: 'kellnerruf', table, signalId: signalId.current });
      if (!res.ok) throw new Error('Kellnerruf refused');
      navigateTo('KellnerrufErfolgreich', undefined, res.repeated ? { repeated: '1' } : undefined);
    } catch (error) {
      if (!(error instanceof TransportError || error instanceof ActionCallError)) console.warn('[mf_orders] Kellnerruf failed', error);
      // Too many calls (rate limit): the server's German text says to wait.
      setRefusal(error instanceof ActionCallError && error.status === 429 ? (error.userMessage ?? null) : null);
      setState('failed');
    }
  };

  return (
    <Page title={texts.waiterCallTitle} testId="waiter-call-page">
      {block ? (
        <Notice testId="waiter-call-blocked">{BLOCK_TEXT[block]}</Notice>
      ) : (
        <div className={css.card}>
          <span className={css.bell}>
            <Icon name="bell" />
          </span>
          <p className={css.table} data-testid="waiter-call-table">
            {fill(texts.waiterCallTable, { table: table! })}
          </p>
          <p>{texts.waiterCallIntro}</p>
          {state === 'failed' ? (
            <Notice error testId="waiter-call-failed">
              {refusal ?? texts.waiterCallFailed}
            </Notice>
          ) : null}
          <Button block disabled={state === 'sending'} onClick={() => void send()} data-testid="waiter-call-button">
            {state === 'sending' ? texts.waiterCallSending : texts.waiterCallButton}
          </Button>
        </div>
      )}
      <p className={css.back}>
        <Link to="Speisen" className={buttonClass('secondary')}>
          {texts.toMenu}
        </Link>
      </p>
    </Page>
  );
}
