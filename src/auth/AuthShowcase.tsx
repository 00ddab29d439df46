import { lazy, Suspense, useSyncExternalStore } from 'react';
import { media } from '../styles/theme.css';
import * as styles from './AuthShowcase.css';

/** Spec §2: the three captions of the sign-in carousel. */
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

/** One slide: a drawn stage with lights and a crowd, and its caption. */
export function StaticSlide({ caption, index = 0 }: { caption: string; index?: number }) {
  return (
    <div className={styles.slide[index % 3 === 0 ? 'a' : index % 3 === 1 ? 'b' : 'c']}>
      <svg
        className={styles.art}
        viewBox="0 0 400 300"
        aria-hidden="true"
        preserveAspectRatio="xMidYMid slice"
      >
        <g opacity="0.55" fill="#fff">
          <path d="M60 0 L110 0 L200 220 Z" opacity="0.35" />
          <path d="M290 0 L340 0 L200 220 Z" opacity="0.35" />
          <path d="M175 0 L225 0 L200 220 Z" opacity="0.25" />
        </g>
        <rect x="40" y="200" width="320" height="14" rx="4" fill="#fff" opacity="0.5" />
        <g fill="#fff" opacity="0.85">
          {Array.from({ length: 13 }, (_, i) => (
            <circle key={`h${i}`} cx={30 + i * 28} cy={262 - (i % 3) * 6} r="11" />
          ))}
          {Array.from({ length: 13 }, (_, i) => (
            <rect key={`b${i}`} x={19 + i * 28} y={270 - (i % 3) * 6} width="22" height="40" rx="10" />
          ))}
        </g>
        <g fill="#fff">
          <circle cx="80" cy="60" r="3" />
          <circle cx="320" cy="44" r="2.5" />
          <circle cx="250" cy="90" r="2" />
          <circle cx="140" cy="110" r="2" />
        </g>
      </svg>
      <p className={styles.caption}>{caption}</p>
    </div>
  );
}
