import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColor,
  type MantineColorsTuple,
} from '@mantine/core';
import { MODAL_BACKDROP_MS, MODAL_TRANSITION_MS } from '@tkc/contracts/constants';

const isMantineColor = (c: string): c is MantineColor => c in DEFAULT_THEME.colors;

/**
 * The console's look: Mantine defaults, the stored primary colour, softer radii, Inter-like font.
 * `closeLabel` names every dialog's close button (an icon only: unnamed, screen readers said
 * "button").
 */
export const createAppTheme = (primaryColor: string, closeLabel: string) =>
  createTheme({
    primaryColor: isMantineColor(primaryColor) ? primaryColor : 'blue',
    defaultRadius: 'md',
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans CJK JP", "Noto Sans CJK SC", sans-serif',
    headings: { fontWeight: '700' },
    cursorType: 'pointer',
    components: {
      Modal: {
        defaultProps: {
          transitionProps: { duration: MODAL_TRANSITION_MS },
          overlayProps: { transitionProps: { duration: MODAL_BACKDROP_MS } },
          closeButtonProps: { 'aria-label': closeLabel },
        },
      },
      // A search box that already shows the chosen option's label: typing replaces it rather than
      // being appended to it (the time-zone list, the company picker).
      Select: { defaultProps: { onFocus: selectAllOnFocus } },
    },
  });

/** Selects the whole text of a focused input (after the click that focused it has placed the caret). */
function selectAllOnFocus(event: { currentTarget: HTMLInputElement }) {
  const input = event.currentTarget;
  if (input.readOnly) return;
  requestAnimationFrame(() => {
    if (document.activeElement === input) input.select();
  });
}

// --- Colour contrast (WCAG 2.1 AA, 4.5:1 for text; docs/web.md, "Accessibility") ---------------

/** Text contrast aimed for: 4.5:1 plus a margin for the light grey page and row backgrounds. */
const TARGET_CONTRAST = 5;

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` moved towards black by `amount` (0-1). */
function darker(hex: string, amount: number): string {
  return `#${channels(hex)
    .map((v) =>
      Math.round(v * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * The first shade from `start` on that reads on `background` at the target contrast; when even the
 * darkest does not (yellow, lime), that shade darkened until it does.
 */
function readableShade(shades: MantineColorsTuple, start: number, background: string) {
  for (let i = start; i < shades.length; i += 1) {
    if (contrastRatio(shades[i]!, background) >= TARGET_CONTRAST) return shades[i]!;
  }
  let color = shades[shades.length - 1]!;
  for (let step = 0; step < 20 && contrastRatio(color, background) < TARGET_CONTRAST; step += 1) {
    color = darker(color, 0.08);
  }
  return color;
}

/** Secondary ('dimmed') text and placeholders: 5.5:1 on white, 5:1 on the grey rows. */
const LIGHT_DIMMED = '#5f666d';
/** The same in the dark theme: at least 4.7:1 on every dark surface the console uses. */
const DARK_DIMMED = '#a8a8a8';

/**
 * Mantine's colours with text that can be read: filled backgrounds (buttons, filled badges, the
 * active menu entry) dark enough for white text, light-variant text (badges, light buttons) dark
 * enough on its pale background, links, secondary text, placeholders and errors at 4.5:1 or more.
 */
export const accessibleColors: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': LIGHT_DIMMED,
    '--mantine-color-placeholder': LIGHT_DIMMED,
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': DARK_DIMMED,
    '--mantine-color-placeholder': DARK_DIMMED,
    '--mantine-color-error': 'var(--mantine-color-red-5)',
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!shades || name === 'dark') continue;
    const filledLight = readableShade(shades, 6, '#ffffff');
    const filledDark = readableShade(shades, 8, '#ffffff');
    light[`--mantine-color-${name}-filled`] = filledLight;
    light[`--mantine-color-${name}-filled-hover`] = darker(filledLight, 0.12);
    light[`--mantine-color-${name}-outline`] = filledLight;
    light[`--mantine-color-${name}-light-color`] = readableShade(shades, 9, shades[1]!);
    dark[`--mantine-color-${name}-filled`] = filledDark;
    dark[`--mantine-color-${name}-filled-hover`] = darker(filledDark, 0.12);
  }
  light['--mantine-color-anchor'] = `var(--mantine-color-${theme.primaryColor}-filled)`;
  return { variables: {}, light, dark };
};
