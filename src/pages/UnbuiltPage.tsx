import { ButtonLink } from '../ui/Button';
import * as styles from './pages.css';

/**
 * A route that exists (so links and the guard resolve) whose screen lands with a later issue.
 * It says so plainly instead of pretending to work.
 */
export function UnbuiltPage({ title, summary }: { title: string; summary: string }) {
  return (
    <main className={styles.centrePage} id="main">
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lead}>{summary}</p>
      <p className={styles.lead}>This screen is not open yet in this version of Gatepass.</p>
      <ButtonLink to="/">Back to home</ButtonLink>
    </main>
  );
}
