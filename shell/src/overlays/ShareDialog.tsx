import { useEffect, useState } from 'react';
import { on } from '@shop/shared/bus';
import { shell as texts } from '@shop/shared/i18n/shell';
import { Button, ModalDialog } from '@shop/shared/ui';
import { copyShareLink, sendShareLink, shareUrl } from '../layout/app-actions';
import { closeDialog, onCloseAll, openDialog } from '../navigation/layers';
import css from './overlays.module.css';

const LAYER_ID = 'shell-share-dialog';

/**
 * The share dialog (requirements#product, requirements#screens Overlays): the QR code of the shop's address for the person
 * next to you, plus the system share sheet where the device has one and copying the link.
 */
export function ShareDialog() {
  const [open, setOpen] = useState(false);
  const [svg, setSvg] = useState<string | null>(null);
  const url = shareUrl();

  const close = () => {
    closeDialog(LAYER_ID);
    setOpen(false);
  };

  useEffect(() => {
    const sub = on('shell:share-dialog').subscribe(() => {
      openDialog(LAYER_ID);
      setOpen(true);
    });
    const offCloseAll = onCloseAll(() => setOpen(false));
    return () => {
      sub.unsubscribe();
      offCloseAll();
    };
  }, []);

  useEffect(() => {
    if (!open || svg) return;
    let alive = true;
    void import('./share-qr').then(({ qrSvg }) => alive && setSvg(qrSvg(url)));
    return () => {
      alive = false;
    };
  }, [open, svg, url]);

  if (!open) return null;
  const canSend = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  return (
    <ModalDialog title={texts.shareTitle} onClose={close} testId="share-dialog">
      <p className={css.dialogText}>{texts.shareIntro}</p>
      <div
        className={css.shareQr}
        role="img"
        aria-label={texts.shareQrLabel}
        data-testid="share-qr"
        // The SVG is generated locally from the shop's own address (no user input).
        dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
      />
      <p className={css.shareUrl} data-testid="share-url">
        {url}
      </p>
      <div className={css.actions}>
        <Button variant="ghost" onClick={close} data-testid="share-close">
          {texts.shareClose}
        </Button>
        <Button variant="secondary" onClick={() => void copyShareLink(url)} data-testid="share-copy">
          {texts.shareCopy}
        </Button>
        {canSend ? (
          <Button onClick={() => void sendShareLink(url)} data-testid="share-send">
            {texts.shareSend}
          </Button>
        ) : null}
      </div>
    </ModalDialog>
  );
}
