import { useEffect, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { on } from '@shop/shared/bus';
import type { PushMessage } from '@shop/shared/contract';
import { showsInApp } from '@shop/shared/domain/push-display';
import { push as texts } from '@shop/shared/i18n/push';
import { Button, ModalDialog } from '@shop/shared/ui';
import css from './overlays.module.css';

/** Messages with the same tag replace each other; at most this many wait behind the one shown. */
const QUEUE_MAX = 5;

/**
 * The in-app info box of push messages (requirements#push: title, text and image), drawn when a
 * message arrives while the shop is open (events stream or service worker, bus
 * 'shell:push-message'). Not on the page the message links to: that page tells the guest itself.
 */
export function PushMessageBox() {
  const [queue, setQueue] = useState<PushMessage[]>([]);
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    const sub = on('shell:push-message').subscribe(({ message }) => {
      if (!showsInApp(message, window.location.pathname)) return;
      setQueue((q) => [...q.filter((m) => !message.tag || m.tag !== message.tag), message].slice(-QUEUE_MAX));
    });
    return () => sub.unsubscribe();
  }, []);

  // Navigate once the box is gone (an open dialog would cancel the navigation, requirements#screens).
  useEffect(() => {
    if (target === null || queue.length > 0) return;
    setTarget(null);
    navigateToUrl(target);
  }, [target, queue.length]);

  const message = queue[0];
  if (!message) return null;
  const close = () => setQueue((q) => q.slice(1));
  const open = () => {
    if (message.link) setTarget(message.link);
    setQueue([]);
  };

  return (
    <ModalDialog key={`${message.tag ?? ''}-${queue.length}`} title={message.title} onClose={close} testId="push-message" role="alertdialog">
      {message.image ? <img className={css.pushImage} src={message.image} alt="" data-testid="push-message-image" /> : null}
      {message.body ? (
        <p className={css.dialogText} data-testid="push-message-text">
          {message.body}
        </p>
      ) : null}
      <div className={css.actions}>
        {message.link ? (
          <>
            <Button variant="ghost" onClick={close}>
              {texts.messageClose}
            </Button>
            <Button onClick={open} data-autofocus="true" data-testid="push-message-open">
              {texts.messageOpen}
            </Button>
          </>
        ) : (
          <Button onClick={close} data-autofocus="true">
            {texts.messageClose}
          </Button>
        )}
      </div>
    </ModalDialog>
  );
}
