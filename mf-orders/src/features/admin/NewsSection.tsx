import { useId, useState, type FormEvent } from 'react';
import { emit } from '@shop/shared/bus';
import type { News } from '@shop/shared/contract';
import { fill } from '@shop/shared/i18n/fill';
import { staff as texts } from '@shop/shared/i18n/staff';
import { Button, TextField } from '@shop/shared/ui';
import { StaffGate } from './StaffGate';
import { reportFailure, staffCall, useStaffData } from './staff-data';
import css from './admin.module.css';

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Berlin',
});

function statusText(item: News, now: number): string {
  if (!item.active) return texts.newsDraft;
  const date = dateFormat.format(item.publishDate);
  return item.publishDate > now ? fill(texts.newsScheduled, { date }) : fill(texts.newsPublished, { date });
}

function NewsForm({ onSaved }: { onSaved: (item: News) => void }) {
  const [title, setTitle] = useState('');
  const [teaser, setTeaser] = useState('');
  const [body, setBody] = useState('');
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const bodyId = useId();

  const save = async (publish: boolean) => {
    if (title.trim().length < 3) return setError(texts.newsTitleInvalid);
    setError(undefined);
    setBusy(true);
    try {
      const res = await staffCall('SaveNews', { news: { title, teaser, body, tag }, publish });
      onSaved(res.news);
      setTitle('');
      setTeaser('');
      setBody('');
      setTag('');
      emit('shell:overlay', { kind: 'snackbar', text: publish ? texts.newsSavedPublished : texts.newsSavedDraft });
    } catch (e) {
      reportFailure(e);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(true);
  };

  return (
    <form className={css.item} onSubmit={submit} data-testid="admin-news-form">
      <h3 className={css.itemTitle}>{texts.newsNew}</h3>
      <TextField label={texts.newsTitle} value={title} onValue={setTitle} error={error} maxLength={120} data-testid="admin-news-title" />
      <TextField label={texts.newsTeaser} value={teaser} onValue={setTeaser} maxLength={300} data-testid="admin-news-teaser" />
      <div className={css.field}>
        <label htmlFor={bodyId}>{texts.newsBody}</label>
        <textarea id={bodyId} value={body} onChange={(e) => setBody(e.target.value)} rows={5} maxLength={4000} data-testid="admin-news-body" />
      </div>
      <TextField label={texts.newsTag} value={tag} onValue={setTag} maxLength={40} data-testid="admin-news-tag" />
      <div className={css.row}>
        <Button type="submit" disabled={busy} data-testid="admin-news-publish">
          {texts.newsPublish}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => void save(false)} data-testid="admin-news-draft">
          {texts.newsSaveDraft}
        </Button>
      </div>
    </form>
  );
}

/** Neuigkeiten: write, publish and take back news; published ones reach open apps at once. */
export function NewsSection() {
  const { state, set } = useStaffData(async () => (await staffCall('LoadStaffContent', {})).news, []);
  const [busy, setBusy] = useState<string | null>(null);
  const now = Date.now();

  const toggle = async (list: News[], item: News, active: boolean) => {
    setBusy(item.id);
    try {
      const res = await staffCall('SetNewsActive', { id: item.id, active });
      set(list.map((n) => (n.id === item.id ? res.news : n)).sort((a, b) => b.publishDate - a.publishDate));
      emit('shell:overlay', { kind: 'snackbar', text: active ? texts.newsSavedPublished : texts.newsUnpublished });
    } catch (e) {
      reportFailure(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section>
      <p className={css.intro}>{texts.newsIntro}</p>
      <StaffGate state={state}>
        {(list) => (
          <>
            <NewsForm onSaved={(item) => set([item, ...list])} />
            <ul className={css.list}>
              {list.map((item) => {
                const online = item.active && item.publishDate <= now;
                return (
                  <li key={item.id} className={css.item} data-testid="admin-news" data-news-id={item.id}>
                    <h3 className={css.itemTitle}>{item.title}</h3>
                    <p className={css.muted} data-testid="admin-news-status">
                      {statusText(item, now)}
                    </p>
                    <Button
                      variant={online ? 'ghost' : 'secondary'}
                      disabled={busy === item.id}
                      onClick={() => void toggle(list, item, !online)}
                      data-testid={online ? 'admin-news-unpublish' : 'admin-news-republish'}
                    >
                      {online ? texts.newsUnpublish : texts.newsPublish}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </StaffGate>
    </section>
  );
}
