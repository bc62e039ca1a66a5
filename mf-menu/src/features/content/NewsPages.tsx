import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import type { News } from '@shop/shared/contract';
import { de } from '../../texts';
import { Link, useAsync, useStore } from '@shop/shared/react';
import { newsSeenStore } from '@shop/shared/stores';
import { Empty, Page, Skeleton, buttonClass } from '@shop/shared/ui';
import { BackButton } from '../../components/BackButton';
import { MenuImage } from '../../components/MenuImage';
import { useMenuShopContext } from '../../data/shop-context';
import { LoadFailed } from '../categories/CategoryOverview';
import { loadNews, newsCache } from './data';
import css from './content.module.css';

const dateFormat = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Berlin' });

/** The news store (live: the shell replaces it on 'newsUpdated'), refreshed from the server on each visit. */
function useNews(): { list: News[]; status: 'loading' | 'ready' | 'error' } {
  const list = useStore(newsCache);
  const state = useAsync(loadNews, []);
  return { list, status: state.status === 'ready' || list.length > 0 ? 'ready' : state.status };
}

/** Aktuelles: the active news, newest first. */
export function NewsListPage() {
  const { features } = useMenuShopContext();
  const { list, status } = useNews();
  // Seen: the header's news badge counts only what is published later.
  useEffect(() => {
    if (status === 'ready') newsSeenStore.set(Date.now());
  }, [status, list]);
  return (
    <Page title={de.menu.newsTitle} testId="news">
      <BackButton route="Aktuelles" />
      {!features.enableNews ? <Empty testId="news-disabled">{de.menu.newsDisabled}</Empty> : null}
      {features.enableNews && status === 'loading' ? <Skeleton height={260} /> : null}
      {features.enableNews && status === 'error' ? <LoadFailed what="page" onRetry={() => window.location.reload()} /> : null}
      {features.enableNews && status === 'ready' && list.length === 0 ? <Empty testId="news-empty">{de.menu.newsEmpty}</Empty> : null}
      {features.enableNews && list.length > 0 ? (
        <ul className={css.newsList}>
          {list.map((item) => (
            <li key={item.id} className={css.newsCell}>
              <Link to="Nachricht" params={{ newsId: item.id }} className={css.newsCard} data-testid="news-card">
                <MenuImage src={item.image} alt="" className={css.newsImage} />
                <span className={css.newsBody}>
                  {item.tag ? <span className={css.tag}>{item.tag}</span> : null}
                  <span className={css.date}>{dateFormat.format(item.publishDate)}</span>
                  <h2 className={css.newsTitle}>{item.title}</h2>
                  <p className={css.teaser}>{item.teaser}</p>
                  <span className={css.more}>{de.menu.readMore}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

/** Nachricht/:newsId: one news item. */
export function NewsItemPage() {
  const { newsId = '' } = useParams();
  const { list, status } = useNews();
  const item = list.find((n) => n.id === newsId);
  if (!item) {
    if (status === 'loading')
      return (
        <Page>
          <Skeleton height={320} />
        </Page>
      );
    return (
      <Page>
        <Empty testId="news-not-found">
          <h1>{de.menu.newsNotFound}</h1>
          <Link to="Aktuelles" className={buttonClass()}>
            {de.menu.newsBack}
          </Link>
        </Empty>
      </Page>
    );
  }
  return (
    <Page title={item.title} testId="news-item">
      <span className={css.date}>{dateFormat.format(item.publishDate)}</span>
      {item.image ? (
        <div className={css.detailImage}>
          <MenuImage src={item.image} alt="" eager />
        </div>
      ) : null}
      <div className={css.article}>
        {item.teaser ? (
          <p className={css.text}>
            <strong>{item.teaser}</strong>
          </p>
        ) : null}
        {item.body.split(/\n{2,}/).map((para, i) => (
          <p key={i} className={css.text} style={{ marginTop: 12 }}>
            {para}
          </p>
        ))}
      </div>
      <div style={{ marginTop: 24 }}>
        <Link to="Aktuelles" className={buttonClass('ghost')}>
          {de.menu.newsBack}
        </Link>
      </div>
    </Page>
  );
}
