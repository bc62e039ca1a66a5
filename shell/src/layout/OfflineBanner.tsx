import { useEffect, useState } from 'react';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import css from './layout.module.css';

/** Says when the device is offline (requirements#accessibility, PWA): what still works and that ordering waits for the connection. */
export function OfflineBanner() {
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return (
    <div
      role="status"
      aria-live="polite"
      className={offline ? css.offline : css.offlineHidden}
      data-fixed-layer="top"
      data-testid={offline ? 'offline-banner' : undefined}
    >
      {offline ? shellTexts.offlineNotice : null}
    </div>
  );
}
