import type { ReactNode } from 'react';
import { staff as texts } from '@shop/shared/i18n/staff';
import { Link } from '@shop/shared/react';
import { Notice, Skeleton, buttonClass } from '@shop/shared/ui';
import type { StaffData } from './staff-data';
import css from './admin.module.css';

/** What a section shows until its data is there: a skeleton, the staff-only notice or a failure. */
export function StaffGate<T>({ state, children }: { state: StaffData<T>; children: (data: T) => ReactNode }) {
  switch (state.status) {
    case 'loading':
      return <Skeleton height={200} />;
    case 'signed-out':
      return (
        <>
          <Notice testId="admin-staff-only">{texts.staffOnly}</Notice>
          <p className={css.center}>
            <Link to="Anmelden" className={buttonClass()}>
              {texts.signIn}
            </Link>
          </p>
        </>
      );
    case 'forbidden':
      return <Notice testId="admin-staff-only">{state.message}</Notice>;
    case 'failed':
      return <Notice error>{texts.loadFailed}</Notice>;
    case 'ready':
      return <>{children(state.data)}</>;
  }
}
