import { createTheme, DEFAULT_THEME, type MantineColor } from '@mantine/core';
import { MODAL_TRANSITION_MS } from '@tkc/contracts/constants';

const isMantineColor = (c: string): c is MantineColor => c in DEFAULT_THEME.colors;

/** The console's look: Mantine defaults, the stored primary colour, softer radii, Inter-like font. */
export const createAppTheme = (primaryColor: string) =>
  createTheme({
    primaryColor: isMantineColor(primaryColor) ? primaryColor : 'blue',
    defaultRadius: 'md',
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans CJK JP", "Noto Sans CJK SC", sans-serif',
    headings: { fontWeight: '700' },
    cursorType: 'pointer',
    components: {
      Modal: { defaultProps: { transitionProps: { duration: MODAL_TRANSITION_MS } } },
    },
  });
