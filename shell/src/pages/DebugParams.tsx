import { useEffect, useState } from 'react';
import { callAction } from '@shop/shared/client';
import type { ActionResult } from '@shop/shared/contract';
import { overlays as texts } from '@shop/shared/i18n/overlays';
import { useStore } from '@shop/shared/react';
import { authStore, descriptorStore, orderModeStore, tableStore } from '@shop/shared/stores';
import { Page, Skeleton } from '@shop/shared/ui';
import { ACCOUNT_SESSION_KEY } from '../data/account-session';
import { lastEntry } from '../mode/entry-context';
import { NotFound } from './NotFound';
import css from './pages.module.css';

type DebugInfo = ActionResult<'GetDebugInfo'>;

/** How long a signed-in session may take to come back after a reload before the page gives up. */
const SESSION_WAIT_MS = 6_000;

function Block({ title, value, testId }: { title: string; value: unknown; testId: string }) {
  return (
    <section className={css.debugBlock}>
      <h2>{title}</h2>
      <pre data-testid={testId}>{JSON.stringify(value, null, 2)}</pre>
    </section>
  );
}

/**
 * /debugParams (requirements#screens route debugParams): the query parameters and entry context the shell
 * interpreted, the current order mode and table, the app versions and the host's descriptor. Only
 * for staff, or on a host whose descriptor enables enableDebugParams; the server decides
 * (GetDebugInfo), everyone else sees 'Seite nicht gefunden'.
 */
export function DebugParams() {
  const user = useStore(authStore);
  const descriptor = useStore(descriptorStore);
  const mode = useStore(orderModeStore);
  const table = useStore(tableStore);
  const [info, setInfo] = useState<DebugInfo | 'loading' | 'denied'>('loading');
  const uid = user?.uid ?? null;

  // Asked again when the session is restored or changes: a staff token may arrive after the start.
  useEffect(() => {
    let alive = true;
    callAction('GetDebugInfo', {}).then(
      (res) => alive && setInfo(res.ok ? res : 'denied'),
      // Refused (or not answered): like any unknown page.
      () => alive && setInfo('denied'),
    );
    return () => {
      alive = false;
    };
  }, [uid]);

  // A staff member's session is restored after the start: wait for it before saying 'not found'.
  const restoring = uid === null && localStorage.getItem(ACCOUNT_SESSION_KEY) !== null;
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!restoring) return;
    const timer = window.setTimeout(() => setGaveUp(true), SESSION_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [restoring]);

  if (info === 'denied' && !(restoring && !gaveUp)) return <NotFound />;
  if (info === 'loading' || info === 'denied')
    return (
      <Page title={texts.debugTitle}>
        <p className={css.debugNote}>{texts.debugLoading}</p>
        <Skeleton height={200} />
      </Page>
    );
  const entry = lastEntry();
  const query = Object.fromEntries(new URLSearchParams(entry?.search ?? ''));
  const versions = {
    shell: { descriptor: descriptor?.shell ?? 'local', build: __APP_VERSION__ },
    remotes: Object.fromEntries(Object.entries(descriptor?.remotes ?? {}).map(([name, r]) => [name, r.version])),
    loaded: Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('[data-mf][data-mf-version]')].map((el) => [el.dataset.mf ?? '', el.dataset.mfVersion ?? '']),
    ),
  };
  return (
    <Page title={texts.debugTitle} testId="debug-params">
      <p className={css.debugNote} data-testid="debug-allowed">
        {info.allowedAs === 'staff' ? texts.debugAllowedStaff : texts.debugAllowedFlag}
      </p>
      <Block title={texts.debugQuery} value={Object.keys(query).length ? query : texts.debugNone} testId="debug-query" />
      <Block title={texts.debugEntry} value={entry ?? texts.debugNone} testId="debug-entry" />
      <Block title={texts.debugState} value={{ orderMode: mode, table }} testId="debug-state" />
      <Block title={texts.debugVersions} value={versions} testId="debug-versions" />
      <Block title={texts.debugDescriptor} value={descriptor} testId="debug-descriptor" />
      <Block
        title={texts.debugServer}
        value={{ serverNow: new Date(info.serverNow).toISOString(), contract: info.contract, host: info.host }}
        testId="debug-server"
      />
    </Page>
  );
}
