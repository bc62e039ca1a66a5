import { useState } from 'react';
import { emit } from '@shop/shared/bus';
import type { PushTopic } from '@shop/shared/contract';
import { PUSH_TOPICS } from '@shop/shared/domain/push';
import { push as texts } from '@shop/shared/i18n/push';
import { useStore } from '@shop/shared/react';
import { pushTokenStore } from '@shop/shared/stores';
import { Button } from '@shop/shared/ui';
import { disable, enable, notificationSupport, saveTopics } from '../../push';
import { pushTopicsStore } from '../../push/topics-store';
import css from '../account.module.css';
import own from './push-settings.module.css';

/**
 * Push messages in Einstellungen (requirements#entities App settings: topics news, coupons and loyalty, all
 * on by default; docs/adr/0024-push-messages.md): whether this device receives them, switching them on or off,
 * and the topics, saved on the device and on the server.
 */
export function PushSettings() {
  const token = useStore(pushTokenStore);
  const topics = useStore(pushTopicsStore);
  const [busy, setBusy] = useState(false);
  const [support, setSupport] = useState(notificationSupport);

  const status =
    support === 'unsupported'
      ? texts.settingsUnsupported
      : support === 'denied'
        ? texts.settingsBlocked
        : token
          ? texts.settingsActive
          : texts.settingsInactive;

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setSupport(notificationSupport());
      setBusy(false);
    }
  };

  const toggle = (topic: PushTopic, on: boolean) => {
    void saveTopics({ ...topics, [topic]: on }).then((saved) =>
      emit('shell:overlay', { kind: 'snackbar', text: saved ? texts.settingsSaved : texts.settingsSaveFailed }),
    );
  };

  return (
    <section className={css.card} aria-labelledby="settings-push" data-testid="settings-push">
      <h2 className={css.sectionTitle} id="settings-push">
        {texts.settingsTitle}
      </h2>
      <p className={css.muted} data-testid="settings-push-status">
        {status}
      </p>
      {support !== 'unsupported' && support !== 'denied' ? (
        token ? (
          <Button variant="ghost" block disabled={busy} onClick={() => void run(disable)} data-testid="settings-push-disable">
            {texts.settingsDisable}
          </Button>
        ) : (
          <Button variant="secondary" block disabled={busy} onClick={() => void run(enable)} data-testid="settings-push-enable">
            {texts.settingsEnable}
          </Button>
        )
      ) : null}
      <fieldset className={own.topics}>
        <legend className={own.legend}>{texts.settingsInfo}</legend>
        {PUSH_TOPICS.map((topic) => (
          <label key={topic} className={own.topic}>
            <input type="checkbox" checked={topics[topic]} onChange={(e) => toggle(topic, e.target.checked)} data-testid={`settings-push-topic-${topic}`} />
            <span>{texts.topics[topic]}</span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
