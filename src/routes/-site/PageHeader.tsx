import type { ReactNode } from 'react';
import { container, sectionEyebrow } from '../../styles/layout.css';
import * as styles from './page.css';

/** The top band of a marketing page: eyebrow, the page's one h1, and a lead paragraph. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className={styles.header}>
      <div className={`${container} ${styles.headerInner}`}>
        <p className={sectionEyebrow}>{eyebrow}</p>
        <h1 className={styles.title}>{title}</h1>
        {children && <div className={styles.lead}>{children}</div>}
      </div>
    </header>
  );
}
