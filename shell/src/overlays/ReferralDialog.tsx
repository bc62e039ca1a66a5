import { useEffect, useState } from 'react';
import { emit, on } from '@shop/shared/bus';
import type { ReferralProgram } from '@shop/shared/contract';
import { fill } from '@shop/shared/i18n/fill';
import { overlays as texts } from '@shop/shared/i18n/overlays';
import { useStore } from '@shop/shared/react';
import { pathTo } from '@shop/shared/routes';
import { appDataStore } from '@shop/shared/stores';
import { Button, ModalDialog } from '@shop/shared/ui';
import { closeDialog, onCloseAll, openDialog } from '../navigation/layers';
import css from './overlays.module.css';

const LAYER_ID = 'shell-referral';

/** The link a guest passes on: the program's coupon redeemed on Einloesen, else the start page. */
export function referralUrl(program: ReferralProgram, origin: string = window.location.origin): string {
  return origin + (program.couponCode ? pathTo('Einloesen', { couponCode: program.couponCode }) : '/');
}

async function share(program: ReferralProgram): Promise<void> {
  const url = referralUrl(program);
  try {
    await navigator.share({ title: program.title, text: program.text, url });
  } catch {
    // Cancelled by the guest.
  }
}

async function copy(program: ReferralProgram): Promise<void> {
  const url = referralUrl(program);
  try {
    await navigator.clipboard.writeText(`${program.text} ${url}`);
    emit('shell:overlay', { kind: 'snackbar', text: texts.referralCopied });
  } catch {
    emit('shell:overlay', { kind: 'info', title: texts.referralTitle, text: fill(texts.referralCopyFailed, { url }) });
  }
}

/**
 * The referral overlay (requirements#screens Overlays, requirements#entities "referral programs list"): the shop's referral
 * programs from the app config, each with the link to pass on (share sheet or copy).
 */
export function ReferralDialog() {
  const [open, setOpen] = useState(false);
  const programs = useStore(appDataStore)?.appconfig.referralPrograms ?? [];

  useEffect(() => {
    const sub = on('shell:referral').subscribe(() => {
      openDialog(LAYER_ID);
      setOpen(true);
    });
    const offCloseAll = onCloseAll(() => setOpen(false));
    return () => {
      sub.unsubscribe();
      offCloseAll();
    };
  }, []);

  if (!open) return null;
  const close = () => {
    closeDialog(LAYER_ID);
    setOpen(false);
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  return (
    <ModalDialog title={texts.referralTitle} onClose={close} testId="referral-dialog" maxWidth={520}>
      <p className={css.dialogText}>{texts.referralIntro}</p>
      <ul className={css.referralList}>
        {programs.map((program) => (
          <li key={program.id} className={css.referralItem} data-testid="referral-program">
            <h3>{program.title}</h3>
            <p>{program.text}</p>
            {program.couponCode ? <p className={css.referralCode}>{fill(texts.referralCode, { code: program.couponCode })}</p> : null}
            {program.reward ? <p>{fill(texts.referralReward, { reward: program.reward })}</p> : null}
            <div className={css.referralActions}>
              {canShare ? (
                <Button onClick={() => void share(program)} data-testid="referral-share">
                  {texts.referralShare}
                </Button>
              ) : null}
              <Button variant="secondary" onClick={() => void copy(program)} data-testid="referral-copy">
                {texts.referralCopy}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className={css.actions}>
        <Button variant="ghost" onClick={close} data-testid="referral-close">
          {texts.referralClose}
        </Button>
      </div>
    </ModalDialog>
  );
}
