import 'swiper/css';
import 'swiper/css/pagination';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { SLIDES, StaticSlide } from './AuthShowcase';
import * as styles from './AuthShowcase.css';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Three slides, autoplay every 3 seconds, looping (no autoplay under reduced motion). */
export default function AuthCarousel() {
  return (
    <Swiper
      className={styles.swiper}
      modules={[Autoplay, Pagination, A11y]}
      loop
      autoplay={reducedMotion() ? false : { delay: 3000, disableOnInteraction: false }}
      pagination={{ clickable: true }}
      a11y={{ enabled: true }}
    >
      {SLIDES.map((caption, i) => (
        <SwiperSlide key={caption}>
          <StaticSlide caption={caption} index={i} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
