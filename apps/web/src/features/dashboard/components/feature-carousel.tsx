import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { useReducedMotion } from '@mantine/hooks';
import {
  type DashboardCard as Card,
  carouselSlidesPerView,
} from '@tkc/contracts/access/navigation';
import {
  CAROUSEL_INTERVAL_MS,
  CAROUSEL_SPACING_PX,
  CAROUSEL_SPEED_MS,
  CAROUSEL_SWIPE_THRESHOLD_PX,
} from '@tkc/contracts/constants';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard.module.css';
import { DashboardCard } from './dashboard-card';

/**
 * Embla's `duration` is not in milliseconds (it is the length of its easing, 20-60 recommended,
 * about 16 ms a unit); 300 ms (docs/product.md#limits) is its quickest recommended value, 20.
 */
const EMBLA_DURATION = Math.max(20, Math.round(CAROUSEL_SPEED_MS / 16));

/**
 * The feature cards the roles permit (docs/product.md#dashboard): 2 at once when more than one, else 1;
 * loops, centred, with navigation and clickable pagination, 30 px apart. It moves on by itself
 * every 5 s (docs/product.md#limits) while there is somewhere to go, the pointer is off it, nothing in it has
 * the focus and the user has not asked for reduced motion.
 */
export function FeatureCarousel({ cards }: { cards: Card[] }) {
  const { t } = useTranslation(['translation', 'account']);
  const rootRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [isPaused, setPaused] = useState(false);
  const isReducedMotion = useReducedMotion();
  const perView = carouselSlidesPerView(cards.length);
  const isMoving = cards.length > perView;

  useEffect(() => {
    if (!embla || !isMoving || isPaused || isReducedMotion) return;
    const id = setInterval(() => embla.scrollNext(), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(id);
  }, [embla, isMoving, isPaused, isReducedMotion]);

  // Mantine names the pagination 'Slides' in English; the console says it in the user's language.
  const paginationLabel = t('account:dashboard.pagination');
  useEffect(() => {
    rootRef.current?.querySelector('[role="tablist"]')?.setAttribute('aria-label', paginationLabel);
  });

  return (
    <Carousel
      ref={rootRef}
      className={classes.carousel}
      classNames={{ indicator: classes.carouselIndicator }}
      aria-label={t('account:dashboard.carouselLabel')}
      slideSize={{ base: '100%', sm: perView === 2 ? '50%' : '100%' }}
      slideGap={CAROUSEL_SPACING_PX}
      emblaOptions={{
        loop: true,
        align: 'center',
        duration: EMBLA_DURATION,
        dragThreshold: CAROUSEL_SWIPE_THRESHOLD_PX,
      }}
      withControls={cards.length > 1}
      withIndicators={cards.length > 1}
      getEmblaApi={setEmbla}
      controlSize={34}
      controlsOffset="xs"
      previousControlProps={{ 'aria-label': t('account:dashboard.previous') }}
      nextControlProps={{ 'aria-label': t('account:dashboard.next') }}
      getIndicatorProps={(index) => ({
        'aria-label': t('account:dashboard.goTo', { n: index + 1, total: cards.length }),
      })}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocusCapture={() => setPaused(true)}
      onBlurCapture={() => setPaused(false)}
    >
      {cards.map((card, index) => (
        <Carousel.Slide
          key={card.idName}
          aria-roledescription="slide"
          aria-label={t('account:dashboard.slide', { n: index + 1, total: cards.length })}
        >
          <DashboardCard card={card} isLarge />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
