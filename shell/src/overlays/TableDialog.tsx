import { useEffect, useState } from 'react';
import { emit, inform, on } from '@shop/shared/bus';
import { isTableNumber, typeTableDigit } from '@shop/shared/domain/table-entry';
import { fill } from '@shop/shared/i18n/fill';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { orderModeStore, tableStore } from '@shop/shared/stores';
import { Button, ModalDialog, Notice } from '@shop/shared/ui';
import { closeDialog, onCloseAll, openDialog } from '../navigation/layers';
import { QrScanner, canScanQr } from './QrScanner';
import css from './overlays.module.css';

const LAYER_ID = 'shell-table-dialog';
const TEST_ID = 'table-dialog';
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * The full-screen table-number dialog (requirements#screens, requirements#checkout-behaviour): a digit entry with reset,
 * Weiter and Abbrechen, and the table QR scanner. Confirming puts the shop into in-house mode at
 * that table (kept 2 h, like a scanned table link). The shop's dialog primitive: Escape is Abbrechen.
 */
export function TableDialog() {
  const [open, setOpen] = useState(false);
  const [entry, setEntry] = useState('');
  const [scanning, setScanning] = useState(false);
  // After a camera failure the keypad is back at once, with the reason (role=alert).
  const [cameraFailed, setCameraFailed] = useState(false);

  const close = () => {
    closeDialog(LAYER_ID);
    setOpen(false);
    setScanning(false);
    setCameraFailed(false);
    setEntry('');
  };

  useEffect(() => {
    const sub = on('shell:table-dialog').subscribe(() => {
      openDialog(LAYER_ID);
      setEntry('');
      setOpen(true);
    });
    const offCloseAll = onCloseAll(close);
    return () => {
      sub.unsubscribe();
      offCloseAll();
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    // Digits typed anywhere in the dialog (not in a question asked on top of it) enter the number.
    const onKey = (e: KeyboardEvent) => {
      if (!(e.target instanceof Element) || !e.target.closest(`[data-testid="${TEST_ID}"]`)) return;
      if (/^\d$/.test(e.key)) setEntry((v) => typeTableDigit(v, e.key));
      else if (e.key === 'Backspace') setEntry((v) => v.slice(0, -1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  if (!open) return null;

  const confirm = async (table: string) => {
    if (!isTableNumber(table)) {
      await inform(shellTexts.tableEmpty, '');
      return;
    }
    tableStore.set({ table });
    orderModeStore.set('inhouse');
    close();
    emit('shell:overlay', { kind: 'snackbar', text: fill(shellTexts.homeTableMode, { table }) });
  };

  return (
    <ModalDialog title={shellTexts.tableDialogTitle} onClose={close} variant="fullscreen" className={css.fullscreen} testId={TEST_ID}>
      {scanning ? (
        <QrScanner
          onTable={(table) => {
            setScanning(false);
            setEntry(table);
          }}
          onStop={() => setScanning(false)}
          onFailed={() => {
            setScanning(false);
            setCameraFailed(true);
          }}
        />
      ) : (
        <>
          {cameraFailed ? (
            <Notice error testId="table-camera-failed">
              {shellTexts.tableCameraFailed}
            </Notice>
          ) : null}
          <p className={css.dialogText}>{shellTexts.tableDialogIntro}</p>
          <output className={css.tableEntry} data-testid="table-entry" aria-label={entry ? shellTexts.tableDetected : shellTexts.tableDialogTitle}>
            {entry || '–'}
          </output>
          <div className={css.keypad}>
            {KEYS.map((k) => (
              <button key={k} type="button" className={css.key} onClick={() => setEntry((v) => typeTableDigit(v, k))} data-testid={`table-key-${k}`}>
                {k}
              </button>
            ))}
            <button type="button" className={css.key} onClick={() => setEntry('')} data-testid="table-reset">
              {shellTexts.tableReset}
            </button>
            <button type="button" className={css.key} onClick={() => setEntry((v) => typeTableDigit(v, '0'))} data-testid="table-key-0">
              0
            </button>
          </div>
          {canScanQr() ? (
            <Button
              variant="secondary"
              block
              onClick={() => {
                setCameraFailed(false);
                setScanning(true);
              }}
              data-testid="table-scan"
            >
              {shellTexts.tableScan}
            </Button>
          ) : null}
        </>
      )}
      <div className={css.actions}>
        <Button variant="ghost" onClick={close} data-testid="table-cancel">
          {shellTexts.tableCancel}
        </Button>
        <Button onClick={() => void confirm(entry)} data-testid="table-next">
          {shellTexts.tableNext}
        </Button>
      </div>
    </ModalDialog>
  );
}
