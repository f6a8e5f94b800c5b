import { createTheme, darken, type CSSVariablesResolver } from '@mantine/core';

// Read at arm's length across a club table: larger type, generous targets, strong contrast.
// Every colour a text sits on passes WCAG AA (4.5:1): filled buttons and badges use shade 8 of
// their colour (Mantine's shade 6 is 3–4:1 against white), and a fill too light for white text
// gets dark text instead (autoContrast). Touch sizes live in table.css.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  // 0.18: the luminance where white and black text are equally readable (WCAG contrast), so the
  // text colour chosen for a fill always reads at 4.5:1 or better.
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  // A player who asked the system for less motion gets folds and dialogs that open at once.
  respectReducedMotion: true,
  fontSizes: { xs: '0.875rem', sm: '1rem', md: '1.125rem', lg: '1.25rem', xl: '1.5rem' },
  components: {
    Button: { defaultProps: { size: 'lg' } },
    NavLink: { defaultProps: { h: 56 } },
    // A close button says what it does to a screen reader (an unnamed "×" button otherwise).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Close' } },
  },
});

/**
 * Secondary text (descriptions under fields, hints, "dimmed" text): Mantine's gray 6 is 3.3:1 on
 * white, too faint for the table and under WCAG AA; gray 7 reads at 7:1. The text of "light" and
 * "subtle" buttons and badges (shade 9 on a shade 1 fill, shade 2 under the pointer) is 3.6–4.1:1
 * for orange, yellow and indigo: 30% darker, every colour passes 4.5:1 on both fills.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.entries(t.colors).map(([name, shades]) => [`--mantine-color-${name}-light-color`, darken(shades[9], 0.3)]),
    ),
  },
  dark: {},
});
