import { Link } from '@tanstack/react-router';
import type { ListingPath } from './ListingPage';
import * as styles from './listing.css';
import type { ListingSearch } from './searchParams';

/** Pages to show: the first, the last, and two either side of the current one, with gaps. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const shown = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const pages = [...shown].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const n of pages) {
    const prev = out.at(-1);
    if (typeof prev === 'number' && n - prev > 1) out.push('gap');
    out.push(n);
  }
  return out;
}

export function Pagination({
  path,
  search,
  page,
  pageCount,
}: {
  path: ListingPath;
  search: ListingSearch;
  page: number;
  pageCount: number;
}) {
  const to = (n: number) => ({ ...search, page: n > 1 ? n : undefined });
  return (
    <nav aria-label="Pagination" className={styles.pagination}>
      {page > 1 ? (
        <Link to={path} search={to(page - 1)} className={styles.pageLink} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span className={styles.pageLinkDisabled} aria-hidden="true">
          ← Previous
        </span>
      )}
      <ol className={styles.pageList}>
        {pageWindow(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className={styles.pageGap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={path}
                search={to(n)}
                className={styles.pageNumber}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={path} search={to(page + 1)} className={styles.pageLink} rel="next">
          Next →
        </Link>
      ) : (
        <span className={styles.pageLinkDisabled} aria-hidden="true">
          Next →
        </span>
      )}
    </nav>
  );
}
