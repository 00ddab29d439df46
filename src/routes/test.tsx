import { createFileRoute } from '@tanstack/react-router';
import { container } from '../styles/layout.css';
import { GalleryPanel } from './-site/Gallery';
import * as styles from './-site/gallery.css';
import { PageHeader } from './-site/PageHeader';

export const Route = createFileRoute('/test')({ component: GalleryPage });

/** QA gallery: our UI components in the light and the dark theme, side by side. */
function GalleryPage() {
  return (
    <main id="main">
      <PageHeader eyebrow="For QA" title="Component gallery">
        <p>
          Buttons, cards, form fields, the FAQ and toasts in both themes, side by side, whatever theme the
          page is in.
        </p>
      </PageHeader>
      <div className={`${container} ${styles.panels}`}>
        <GalleryPanel theme="light" />
        <GalleryPanel theme="dark" />
      </div>
    </main>
  );
}
