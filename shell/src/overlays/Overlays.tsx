import { useEffect, useRef, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { emit, on, type OverlayRequest } from '@shop/shared/bus';
import { overlays as overlayTexts } from '@shop/shared/i18n/overlays';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { Button, Icon, ModalDialog } from '@shop/shared/ui';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { closeDialog, onCloseAll, openDialog } from '../navigation/layers';
import css from './overlays.module.css';

type DialogRequest = Extract<OverlayRequest, { kind: 'info' | 'question' }> & { id: string };
type SheetRequest = Extract<OverlayRequest, { kind: 'bottom-sheet' }>;

let autoId = 0;

/** Overlays owned by the shell (requirements#shell), requested by any app over the bus. */
export function Overlays() {
  const [dialogs, setDialogs] = useState<DialogRequest[]>([]);
  const [sheet, setSheet] = useState<SheetRequest | null>(null);
  const [added, setAdded] = useState(0);
  const [loading, setLoading] = useState(false);
  const timers = useRef<{ added?: number; loading?: number; sheet?: number }>({});

  useEffect(() => {
    const sub = on('shell:overlay').subscribe((request) => {
      switch (request.kind) {
        case 'info':
        case 'question': {
          const id = request.id ?? `auto-${++autoId}`;
          openDialog(id);
          setDialogs((d) => [...d, { ...request, id }]);
          break;
        }
        // Toasts and snackbars: ./Toast.tsx (placed between the header and the page).
        case 'bottom-sheet': {
          // The bottom sheet closes after 4 s (requirements#screens Overlays); a newer one replaces it.
          window.clearTimeout(timers.current.sheet);
          setSheet(request);
          timers.current.sheet = window.setTimeout(() => setSheet(null), SHOP_CONSTANTS.bottomSheetMs);
          break;
        }
        case 'added-to-cart': {
          window.clearTimeout(timers.current.added);
          setAdded((n) => n + 1);
          timers.current.added = window.setTimeout(() => setAdded(0), SHOP_CONSTANTS.addedToCartOverlayMs);
          break;
        }
        case 'loading': {
          window.clearTimeout(timers.current.loading);
          setLoading(request.show);
          if (request.show && request.autoHideMs) timers.current.loading = window.setTimeout(() => setLoading(false), request.autoHideMs);
          break;
        }
        case 'close-all':
          setDialogs((d) => {
            d.forEach((x) => emit('shell:overlay-answer', { id: x.id, answer: 'dismissed' }));
            return [];
          });
          break;
      }
    });
    const offCloseAll = onCloseAll(() =>
      setDialogs((d) => {
        d.forEach((x) => emit('shell:overlay-answer', { id: x.id, answer: 'dismissed' }));
        return [];
      }),
    );
    return () => {
      sub.unsubscribe();
      offCloseAll();
    };
  }, []);

  const answer = (dialog: DialogRequest, value: 'yes' | 'no' | 'ok' | 'dismissed') => {
    closeDialog(dialog.id);
    setDialogs((d) => d.filter((x) => x.id !== dialog.id));
    emit('shell:overlay-answer', { id: dialog.id, answer: value });
  };

  const dialog = dialogs[0];
  return (
    <>
      {dialog ? (
        <ModalDialog
          key={dialog.id}
          title={dialog.title}
          description={dialog.text}
          testId="dialog"
          // Escape and a tap on the backdrop cancel a question ('dismissed', as navigating away does):
          // nothing is chosen and focus goes back to the opener (docs/requirements.md#shell).
          onClose={() => answer(dialog, dialog.kind === 'question' ? 'dismissed' : 'ok')}
        >
          <div className={css.actions}>
            {dialog.kind === 'question' ? (
              <>
                <Button variant="ghost" onClick={() => answer(dialog, 'no')}>
                  {dialog.no}
                </Button>
                <Button onClick={() => answer(dialog, 'yes')} autoFocus>
                  {dialog.yes}
                </Button>
              </>
            ) : (
              <Button onClick={() => answer(dialog, 'ok')} autoFocus>
                {shellTexts.ok}
              </Button>
            )}
          </div>
        </ModalDialog>
      ) : null}
      {sheet ? (
        <div className={css.sheet} role="status" data-testid="bottom-sheet" data-fixed-layer="bottom-float">
          <span>{sheet.text}</span>
          {sheet.action ? (
            <a
              href={sheet.action.href}
              onClick={(event) => {
                event.preventDefault();
                setSheet(null);
                navigateToUrl(sheet.action!.href);
              }}
              data-testid="bottom-sheet-action"
            >
              {sheet.action.label}
            </a>
          ) : null}
          <button
            type="button"
            className={css.sheetClose}
            aria-label={overlayTexts.sheetClose}
            onClick={() => {
              window.clearTimeout(timers.current.sheet);
              setSheet(null);
            }}
          >
            <Icon name="close" size={20} />
          </button>
        </div>
      ) : null}
      {added > 0 ? (
        <div className={css.added} data-testid="added-to-cart">
          <div className={css.addedCard}>
            <Icon name="check" size={36} />
            {shellTexts.addedToCart}
          </div>
        </div>
      ) : null}
      {/* Always present, so that screen readers announce what is put into it. */}
      <div className={css.srOnly} role="status" data-testid="live-status">
        {added > 0 ? shellTexts.addedToCart : ''}
      </div>
      {loading ? (
        <div className={css.loading} data-testid="loading-overlay" aria-busy="true">
          <div className={css.spinner} />
        </div>
      ) : null}
    </>
  );
}
