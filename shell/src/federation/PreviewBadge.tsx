import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { fill } from '@shop/shared/i18n/fill';
import { OVERRIDE_PARAM, type VersionOverrides } from './version-overrides';
import styles from './preview-badge.module.css';

/** Tells QA on a preview host which remote versions this browser runs instead of the descriptor's. */
export function PreviewBadge({ overrides }: { overrides: VersionOverrides }) {
  const versions = Object.entries(overrides)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ');
  return (
    <div className={styles.badge} role="status" data-testid="preview-badge">
      {fill(shellTexts.previewOverrides, { versions })}{' '}
      <a href={`?${OVERRIDE_PARAM}=reset`} className={styles.reset}>
        {shellTexts.previewReset}
      </a>
    </div>
  );
}
