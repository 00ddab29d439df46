import * as fill from '../../events/posterFill.css';
import * as styles from './posterPreviews.css';

/**
 * What a poster will look like before it is published: whole on the event page (the free space
 * filled with a blurred copy), and cropped around its centre on the event cards (16:10).
 */
export function PosterPreviews({ url }: { url: string | null }) {
  return (
    <div className={styles.wrap}>
      <p className={styles.guide}>
        Works best at 1080×1350 (portrait flyer), 1080×1080 (square) or 1920×1080 (wide). The event page shows
        the whole poster; cards crop it to a wide frame around its centre, so keep the title and date near the
        middle.
      </p>
      {url && (
        <section className={styles.previews} aria-label="Poster previews">
          <figure className={styles.figure}>
            <div className={`${styles.pageFrame} ${fill.frame}`}>
              <div
                className={fill.backdrop}
                style={{ backgroundImage: `url("${url}")` }}
                aria-hidden="true"
              />
              <img src={url} alt="" className={fill.whole} />
            </div>
            <figcaption className={styles.caption}>Event page: the whole poster</figcaption>
          </figure>
          <figure className={styles.figure}>
            <div className={styles.cardFrame}>
              <img src={url} alt="" className={styles.cropped} />
            </div>
            <figcaption className={styles.caption}>Event cards: cropped around the centre</figcaption>
          </figure>
        </section>
      )}
    </div>
  );
}
