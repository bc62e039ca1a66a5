import { inform, on } from '@shop/shared/bus';
import { shell as shellTexts } from '@shop/shared/i18n/shell';

/** Page-wide reactions to action-client flags (requirements#calls, requirements#checkout-errors). */
export function startAppReactions(reload: () => void = () => window.location.reload()): void {
  // secTokenError and captchaError: the app force-reloads silently.
  on('client:sec-token-error').subscribe(() => reload());
  // forceReload: the notice, then the reload.
  on('client:force-reload').subscribe(() => {
    void inform(shellTexts.forceReloadNotice).then(reload);
  });
}
