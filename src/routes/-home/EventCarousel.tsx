import 'swiper/css';
import 'swiper/css/a11y';
import { useRef } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Event } from '../../../contract/events';
import { EventCard } from '../../events/EventCard';
import { Reveal } from '../../motion/Reveal';
import * as styles from './carousel.css';

export type CarouselKind = 'trending' | 'new';

/** Trending 1/2/3 per view at <768/768/1024, 10 px apart; new 1/2/2/3 at <768/768/1024/1280, 20 px. */
const SETTINGS = {
  trending: {
    spaceBetween: 10,
    breakpoints: { 768: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } },
    maxPerView: 3,
  },
  new: {
    spaceBetween: 20,
    breakpoints: { 768: { slidesPerView: 2 }, 1024: { slidesPerView: 2 }, 1280: { slidesPerView: 3 } },
    maxPerView: 3,
  },
} as const;

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A looping, centred carousel of event cards with arrows, keyboard control and an autoplay of
 * 3000 ms that pauses while the pointer is over it or focus is inside it (and never runs when the
 * visitor asks for reduced motion). Loaded lazily with its CSS, below the fold.
 */
export default function EventCarousel({
  events,
  kind,
  label,
}: {
  events: Event[];
  kind: CarouselKind;
  label: string;
}) {
  const settings = SETTINGS[kind];
  const swiper = useRef<SwiperInstance | null>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  // Looping needs more slides than fit on screen, or Swiper shows gaps.
  const loop = events.length > settings.maxPerView;

  // Autoplay holds while the pointer is over the carousel (arrows included) or focus is inside it.
  const holds = useRef(new Set<'pointer' | 'focus'>());
  const hold = (reason: 'pointer' | 'focus', on: boolean) => {
    const autoplay = swiper.current?.autoplay;
    if (on) holds.current.add(reason);
    else holds.current.delete(reason);
    if (!autoplay || !swiper.current?.params.autoplay) return;
    if (holds.current.size > 0) autoplay.stop();
    else autoplay.start();
  };

  return (
    <div
      className={styles.carousel}
      onPointerEnter={() => hold('pointer', true)}
      onPointerLeave={() => hold('pointer', false)}
      onFocusCapture={() => hold('focus', true)}
      onBlurCapture={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) hold('focus', false);
      }}
    >
      {/* Before the Swiper, so their refs exist when it initialises its navigation. */}
      <div className={styles.controls}>
        <button
          ref={prev}
          type="button"
          className={styles.arrow}
          aria-label={`Previous ${label.toLowerCase()}`}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <button ref={next} type="button" className={styles.arrow} aria-label={`Next ${label.toLowerCase()}`}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M9 5l7 7-7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
      <Swiper
        className={styles.swiper}
        modules={[Navigation, Autoplay, A11y, Keyboard]}
        onBeforeInit={(instance) => {
          swiper.current = instance;
          const navigation = instance.params.navigation;
          if (navigation && typeof navigation === 'object') {
            navigation.prevEl = prev.current;
            navigation.nextEl = next.current;
          }
        }}
        navigation={{ prevEl: prev.current, nextEl: next.current }}
        loop={loop}
        centeredSlides
        speed={300}
        spaceBetween={settings.spaceBetween}
        slidesPerView={1}
        breakpoints={settings.breakpoints}
        autoplay={reducedMotion() ? false : { delay: 3000, disableOnInteraction: false }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{
          enabled: true,
          containerMessage: label,
          prevSlideMessage: `Previous ${label.toLowerCase()}`,
          nextSlideMessage: `Next ${label.toLowerCase()}`,
          slideLabelMessage: '{{index}} of {{slidesLength}}',
        }}
      >
        {events.map((event, index) => (
          <SwiperSlide key={event._id} className={styles.slide}>
            <Reveal
              variant="up"
              threshold={0.1}
              delay={Math.min(index, 3) * 0.2}
              duration={0.5}
              className={styles.slideInner}
            >
              <EventCard event={event} />
            </Reveal>
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
