import { lazy, Suspense, useSyncExternalStore } from 'react';
import { media } from '../styles/theme.css';
import * as styles from './AuthShowcase.css';

/** The three captions of the sign-in carousel. */
export const SLIDES = [
  'Dream big, plan bigger, and make magic happen.',
  'Create unforgettable moments.',
  'Plan events that matter.',
] as const;

// Swiper is fetched only on screens wide enough to show the carousel, so phones never download it.
const AuthCarousel = lazy(() => import('./AuthCarousel'));

const query = media.lg;
const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};
const isLarge = () => window.matchMedia(query).matches;

export function AuthShowcase() {
  const large = useSyncExternalStore(subscribe, isLarge, () => false);
  if (!large) return null;
  return (
    <div className={styles.frame}>
      <Suspense fallback={<StaticSlide caption={SLIDES[0]} />}>
        <AuthCarousel />
      </Suspense>
    </div>
  );
}

/** One slide: stage lights over a crowd, with its caption above them. */
export function StaticSlide({ caption, index = 0 }: { caption: string; index?: number }) {
  return (
    <div className={styles.slide[index % 3 === 0 ? 'a' : index % 3 === 1 ? 'b' : 'c']}>
      <p className={styles.caption}>{caption}</p>
      <svg
        className={styles.art}
        viewBox="0 0 400 300"
        aria-hidden="true"
        preserveAspectRatio="xMidYMax slice"
      >
        <g fill="#fff">
          <path d="M70 40 L100 40 L200 300 L150 300 Z" opacity="0.12" />
          <path d="M300 40 L330 40 L250 300 L200 300 Z" opacity="0.12" />
          <path d="M188 20 L212 20 L230 300 L170 300 Z" opacity="0.1" />
          <circle cx="85" cy="40" r="6" opacity="0.9" />
          <circle cx="315" cy="40" r="6" opacity="0.9" />
          <circle cx="200" cy="20" r="6" opacity="0.9" />
        </g>
        <g fill="#000" opacity="0.35">
          {Array.from({ length: 15 }, (_, i) => (
            <g key={i}>
              <circle cx={i * 28 + 4} cy={250 - (i % 3) * 7} r="12" />
              <rect x={i * 28 - 9} y={259 - (i % 3) * 7} width="26" height="60" rx="12" />
            </g>
          ))}
        </g>
        <g fill="#fff" opacity="0.9">
          <circle cx="60" cy="120" r="2" />
          <circle cx="350" cy="100" r="2.5" />
          <circle cx="260" cy="150" r="1.8" />
          <circle cx="130" cy="170" r="1.8" />
        </g>
      </svg>
    </div>
  );
}
