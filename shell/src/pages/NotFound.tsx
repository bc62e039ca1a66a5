import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { Link } from '@shop/shared/react';
import { buttonClass } from '@shop/shared/ui';
import css from './pages.module.css';

/** Any unknown path (requirements#screens): 'Seite nicht gefunden' with a button to the start page. */
export function NotFound() {
  return (
    <section className={css.notFound} data-testid="not-found">
      <p className={css.notFoundCode}>404</p>
      <h1>{shellTexts.notFoundTitle}</h1>
      <p>{shellTexts.notFoundText}</p>
      <Link to="Home" className={buttonClass()}>
        {shellTexts.toStartPage}
      </Link>
    </section>
  );
}
