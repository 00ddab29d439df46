import { createFileRoute } from '@tanstack/react-router';
import { container } from '../styles/layout.css';
import { ButtonLink } from '../ui/Button';
import * as styles from './-site/blog.css';
import { Newsletter } from './-site/Newsletter';

export const Route = createFileRoute('/blog')({ component: BlogPage });

/** The blog is not launched yet: the spec's 'Coming Soon!!!' page, with a way to hear when it is. */
function BlogPage() {
  return (
    <main id="main">
      <section className={`${container} ${styles.hero}`} aria-labelledby="blog-title">
        <svg
          className={styles.art}
          viewBox="0 0 200 160"
          width="200"
          height="160"
          aria-hidden="true"
          focusable="false"
        >
          <rect x="30" y="20" width="140" height="120" rx="14" fill="#dcf1e8" />
          <rect x="48" y="42" width="80" height="10" rx="5" fill="#046c4e" />
          <rect x="48" y="64" width="104" height="8" rx="4" fill="#a9bcb3" />
          <rect x="48" y="80" width="96" height="8" rx="4" fill="#a9bcb3" />
          <rect x="48" y="96" width="60" height="8" rx="4" fill="#a9bcb3" />
          <circle cx="160" cy="30" r="18" fill="#b45309" />
          <path d="M160 20v10l7 5" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" fill="none" />
        </svg>
        <h1 id="blog-title" className={styles.title}>
          Coming Soon!!!
        </h1>
        <p className={styles.lead}>Anticipate our launch people...</p>
        <p className={styles.sub}>
          Guides for organisers, stories from Nigeria’s best events and product news from the Gatepass team.
          Subscribe below and we’ll tell you when the first posts are up.
        </p>
        <ButtonLink to="/events/all">Find an event meanwhile</ButtonLink>
      </section>
      <Newsletter />
    </main>
  );
}
