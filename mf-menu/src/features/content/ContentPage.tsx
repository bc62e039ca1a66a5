import { useParams } from 'react-router-dom';
import { emit } from '@shop/shared/bus';
import type { Page as ContentPageData } from '@shop/shared/contract';
import { de } from '../../texts';
import { useAsync, useStore } from '@shop/shared/react';
import type { RouteName } from '@shop/shared/routes';
import { privacy as privacyTexts } from '@shop/shared/i18n/privacy';
import { Button, Empty, Page, Skeleton } from '@shop/shared/ui';
import { BackButton } from '../../components/BackButton';
import { LoadFailed } from '../categories/CategoryOverview';
import { loadPages, pagesCache } from './data';
import css from './content.module.css';

function Article({ page }: { page: ContentPageData }) {
  return (
    <article className={css.article} data-testid={`page-${page.name}`}>
      {page.body.map((section, i) => (
        <section key={i} className={css.section}>
          {section.heading ? <h2 className={css.heading}>{section.heading}</h2> : null}
          <p className={css.text}>{section.text}</p>
        </section>
      ))}
    </article>
  );
}

/** A content page found by name or tag; the cached copy shows at once, the server's follows. */
function ContentView({ route, find }: { route: RouteName; find: (pages: ContentPageData[]) => ContentPageData | undefined }) {
  const cached = useStore(pagesCache);
  const state = useAsync(loadPages, []);
  const pages = state.status === 'ready' ? state.value : cached;
  const page = find(pages);
  if (!page) {
    if (state.status === 'loading')
      return (
        <Page>
          <Skeleton height={320} />
        </Page>
      );
    // Offline or failed, a content page (Impressum, AGB …) says that the page could not be loaded, not the menu.
    if (state.status === 'error') return <LoadFailed what="page" onRetry={() => window.location.reload()} />;
    return (
      <Page>
        <BackButton route={route} />
        <Empty testId="page-not-found">
          <h1>{de.menu.pageNotFound}</h1>
        </Empty>
      </Page>
    );
  }
  return (
    <Page title={page.title} testId="content-page">
      <Article page={page} />
      {page.name === 'Cookies' ? (
        // The privacy choice can be changed here too (the shell draws the consent dialog).
        <p className={css.section}>
          <Button variant="secondary" onClick={() => emit('shell:consent-dialog', {})} data-testid="cookies-consent-settings">
            {privacyTexts.consentSettings}
          </Button>
        </p>
      ) : null}
      <BackButton route={route} />
    </Page>
  );
}

const byName = (name: string) => (pages: ContentPageData[]) => pages.find((p) => p.name.toLowerCase() === name.toLowerCase());

/** AGB, Datenschutz, Impressum, Cookies. */
export function LegalPage({ name }: { name: 'AGB' | 'Datenschutz' | 'Impressum' | 'Cookies' }) {
  return <ContentView route={name} find={byName(name)} />;
}

/** Page/:name. */
export function NamedPage() {
  const { name = '' } = useParams();
  return <ContentView route="Page" find={byName(name)} />;
}

/** Beitrag/:tag (for example AppInstallation). */
export function TaggedPage() {
  const { tag = '' } = useParams();
  return <ContentView route="Beitrag" find={(pages) => pages.find((p) => p.tag?.toLowerCase() === tag.toLowerCase()) ?? byName(tag)(pages)} />;
}
