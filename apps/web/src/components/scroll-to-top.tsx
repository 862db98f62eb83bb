import { ActionIcon, Tooltip, Transition } from '@mantine/core';
import { useReducedMotion, useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { SCROLL_TOP_OFFSET_PX, SCROLL_TOP_SPEED_MS } from '@tkc/contracts/constants';
import { useTranslation } from 'react-i18next';

/** Scrolls the window to the top in `durationMs`, easing out (600 ms, docs/product.md#shell). */
function scrollToTop(durationMs: number, isInstant = false): void {
  const start = window.scrollY;
  if (isInstant || start === 0) {
    window.scrollTo(0, 0);
    return;
  }
  const startedAt = performance.now();
  const step = (now: number) => {
    const p = Math.min((now - startedAt) / durationMs, 1);
    const eased = 1 - (1 - p) ** 3;
    window.scrollTo(0, Math.round(start * (1 - eased)));
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Shown once the page is scrolled 200 px (docs/product.md#shell). */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [scroll] = useWindowScroll();
  const isReduced = useReducedMotion();
  return (
    <Transition transition="slide-up" mounted={scroll.y > SCROLL_TOP_OFFSET_PX}>
      {(styles) => (
        <Tooltip label={t('shell.scrollTop')} position="left">
          <ActionIcon
            style={styles}
            size={44}
            radius="xl"
            variant="default"
            aria-label={t('shell.scrollTop')}
            onClick={() => scrollToTop(SCROLL_TOP_SPEED_MS, Boolean(isReduced))}
          >
            <IconArrowUp size={20} />
          </ActionIcon>
        </Tooltip>
      )}
    </Transition>
  );
}
