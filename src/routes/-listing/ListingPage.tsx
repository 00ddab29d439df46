import { Link, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { EVENT_CATEGORIES } from '../../../contract/categories';
import type { Event } from '../../../contract/events';
import type { SearchPage } from '../../api/events';
import { ApiError } from '../../api/http';
import { EventCard } from '../../events/EventCard';
import { formatEventDate } from '../../lib/datetime';
import { Button, Spinner } from '../../ui/Button';
import * as styles from './listing.css';
import { Pagination } from './Pagination';
import { PublishedBanner } from './PublishedBanner';
import type { ListingSearch } from './searchParams';

export type ListingPath = '/events/all' | '/tickets/all';

type ListingProps = { path: ListingPath; search: ListingSearch } & (
  | { state: 'loaded'; result: SearchPage & { published?: Event | null } }
  | { state: 'loading' }
  | { state: 'error'; error: unknown }
);

const FETCH_FAILED = 'Failed to fetch events. Please refresh the page or try again later.';

/** Reads the whole form, so a category change also applies text the visitor typed but did not submit. */
function searchFromForm(form: HTMLFormElement): ListingSearch | { error: string } {
  const data = new FormData(form);
  const value = (name: string) => String(data.get(name) ?? '').trim();
  const from = value('from');
  const to = value('to');
  if (from && to && from > to) return { error: 'The “From” date must be on or before the “To” date.' };
  const next: ListingSearch = {};
  if (value('q')) next.q = value('q').slice(0, 100);
  if (value('category') && value('category') !== 'All') next.category = value('category');
  if (from) next.from = from;
  if (to) next.to = to;
  return next;
}

function hasFilters(search: ListingSearch): boolean {
  return Boolean(search.q || search.category || search.from || search.to);
}

function describeSearch(search: ListingSearch): string {
  const parts: string[] = [];
  if (search.q) parts.push(`“${search.q}”`);
  if (search.category) parts.push(`in ${search.category}`);
  if (search.from && search.to)
    parts.push(`from ${formatEventDate(search.from)} to ${formatEventDate(search.to)}`);
  else if (search.from) parts.push(`from ${formatEventDate(search.from)}`);
  else if (search.to) parts.push(`until ${formatEventDate(search.to)}`);
  return parts.join(' ');
}

/** The search page (decision 005) wired to GET /api/events; results and paging come from the route loader. */
export function ListingPage(props: ListingProps) {
  const { path, search } = props;
  const navigate = useNavigate();
  const searching = useRouterState({ select: (s) => s.isLoading });
  const [formError, setFormError] = useState<string | null>(null);

  const apply = (form: HTMLFormElement) => {
    const next = searchFromForm(form);
    if ('error' in next) {
      setFormError(next.error);
      return;
    }
    setFormError(null);
    void navigate({ to: path, search: next });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  return (
    <main id="main" className={styles.page}>
      {/* Just published: the success and the link to share come first, above the search, so a phone
          sees them without scrolling. */}
      {props.state === 'loaded' && props.result.published && (
        <PublishedBanner event={props.result.published} />
      )}
      <section className={styles.hero} aria-labelledby="listing-title">
        <h1 id="listing-title" className={styles.title}>
          What event are you looking for?
        </h1>
        <p className={styles.lead}>
          Search concerts, expos, meetups, food festivals and more across Nigeria. Filter by category and
          dates.
        </p>
        {/* Keyed on the URL so back/forward and shared links show the search they hold. */}
        <search aria-label="Search events">
          <form key={JSON.stringify(search)} className={styles.form} onSubmit={onSubmit} noValidate>
            <div className={styles.field}>
              <label htmlFor="listing-category" className={styles.label}>
                Category
              </label>
              <select
                id="listing-category"
                name="category"
                className={styles.control}
                defaultValue={search.category ?? 'All'}
                onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
              >
                <option value="All">All</option>
                {EVENT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <div className={`${styles.field} ${styles.queryField}`}>
              <label htmlFor="listing-q" className={styles.label}>
                Search
              </label>
              <input
                id="listing-q"
                name="q"
                type="search"
                className={styles.control}
                placeholder="Search here"
                defaultValue={search.q ?? ''}
                maxLength={100}
                autoComplete="off"
                enterKeyHint="search"
              />
            </div>
            <div className={styles.field}>
              <label htmlFor="listing-from" className={styles.label}>
                From
              </label>
              <input
                id="listing-from"
                name="from"
                type="date"
                className={styles.control}
                defaultValue={search.from ?? ''}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor="listing-to" className={styles.label}>
                To
              </label>
              <input
                id="listing-to"
                name="to"
                type="date"
                className={styles.control}
                defaultValue={search.to ?? ''}
              />
            </div>
            <div className={styles.submitCell}>
              <Button type="submit" busy={searching} className={styles.submit}>
                Search
              </Button>
            </div>
            <p className={styles.formError} role="alert">
              {formError}
            </p>
          </form>
        </search>
      </section>

      <section className={styles.results} aria-labelledby="results-title" aria-busy={searching || undefined}>
        <ResultsBody {...props} />
      </section>
    </main>
  );
}

function ResultsBody(props: ListingProps) {
  const { path, search } = props;
  const router = useRouter();
  const filtered = hasFilters(search);

  if (props.state === 'loading') {
    return (
      <div className={styles.stateBox}>
        <h2 id="results-title" className={styles.visuallyHidden}>
          Results
        </h2>
        <Spinner />
        <p role="status">Loading events...</p>
      </div>
    );
  }

  if (props.state === 'error') {
    const badRequest = props.error instanceof ApiError && props.error.status === 400;
    // The request never reached the server: the phone is offline, which is no failure of ours.
    const offline = props.error instanceof ApiError && props.error.status === 0;
    if (offline)
      return (
        <div className={styles.stateBox}>
          <h2 id="results-title" className={styles.stateTitle}>
            You are offline
          </h2>
          <p role="status">Search again when you are back online.</p>
          <div className={styles.stateActions}>
            <Button onClick={() => void router.invalidate()}>Try again</Button>
          </div>
        </div>
      );
    return (
      <div className={styles.stateBox}>
        <h2 id="results-title" className={styles.stateTitle}>
          {badRequest ? 'This search cannot run' : 'Something went wrong'}
        </h2>
        <p role="alert" className={styles.stateError}>
          {badRequest ? (props.error as ApiError).message : FETCH_FAILED}
        </p>
        <div className={styles.stateActions}>
          {!badRequest && <Button onClick={() => void router.invalidate()}>Try again</Button>}
          {filtered && (
            <Link to={path} search={{}} className={styles.textLink}>
              Clear search
            </Link>
          )}
        </div>
      </div>
    );
  }

  const { events, total, page, pageSize } = props.result;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const last = first + events.length - 1;

  if (total > 0 && events.length === 0) {
    // A shared or hand-edited link past the last page.
    return (
      <div className={styles.stateBox}>
        <h2 id="results-title" className={styles.stateTitle}>
          This page is empty
        </h2>
        <p role="status" className={styles.lead}>
          {total === 1 ? '1 event matches' : `${total} events match`}, on{' '}
          {pageCount === 1 ? '1 page' : `${pageCount} pages`}.
        </p>
        <Link to={path} search={{ ...search, page: undefined }} className={styles.textLink}>
          Go to the first page
        </Link>
      </div>
    );
  }

  if (total === 0) {
    return (
      <div className={styles.stateBox}>
        <h2 id="results-title" className={styles.stateTitle}>
          {filtered ? 'No events match your search' : 'No upcoming events yet'}
        </h2>
        <p role="status" className={styles.lead}>
          {filtered
            ? `Nothing found for ${describeSearch(search)}. Try fewer words, another category or other dates.`
            : 'Check back soon: organisers publish new events every week.'}
        </p>
        {filtered && (
          <Link to={path} search={{}} className={styles.textLink}>
            Show all events
          </Link>
        )}
      </div>
    );
  }

  return (
    <>
      <div className={styles.resultsHeader}>
        <h2 id="results-title" className={styles.resultsTitle}>
          {filtered ? 'Search results' : 'All upcoming events'}
        </h2>
        <p role="status" className={styles.summary}>
          {total === 1 ? '1 event' : `${total} events`}
          {filtered && ` for ${describeSearch(search)}`}
          {pageCount > 1 && ` · showing ${first}–${last}`}
        </p>
        {filtered && (
          <Link to={path} search={{}} className={styles.textLink}>
            Clear search
          </Link>
        )}
      </div>
      <ul className={styles.grid}>
        {events.map((event, index) => (
          <li key={event._id} className={styles.gridItem}>
            <EventCard event={event} priority={firstScreenPriority(index)} />
          </li>
        ))}
      </ul>
      {pageCount > 1 && <Pagination path={path} search={search} page={page} pageCount={pageCount} />}
    </>
  );
}

/** The first card is the largest paint on a phone; the rest of the first row (3 wide) is on screen too. */
function firstScreenPriority(index: number): 'high' | 'eager' | undefined {
  if (index === 0) return 'high';
  return index < 3 ? 'eager' : undefined;
}
