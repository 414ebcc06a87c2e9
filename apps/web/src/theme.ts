import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import { shellTexts } from '@roomscale/shared';

/** System fonts only: the Content-Security-Policy allows no external font host. */
const fontStack =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/**
 * The 'light' variant (badges, alerts, avatars, light buttons) writes its label in shade 6 of
 * its colour on a tint of shade 1, under WCAG AA's 4.5:1. Shade 9 on shade 0 keeps the look
 * and the contrast for every theme colour; hover goes one tint darker.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({
    color: input.color || input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return colors;
  const shade = (n: number) => `var(--mantine-color-${parsed.color}-${n})`;
  return { ...colors, background: shade(0), hover: shade(1), color: shade(9) };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'indigo',
  // Shade 7 keeps white text on filled buttons and links on white above WCAG AA's 4.5:1
  // (indigo 6 is 4.3:1); the browser journeys scan every main screen with axe.
  primaryShade: { light: 7, dark: 5 },
  fontFamily: fontStack,
  fontFamilyMonospace:
    "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  headings: { fontFamily: fontStack, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: {
      defaultProps: {
        radius: 'lg',
        centered: true,
        closeButtonProps: { 'aria-label': shellTexts.dialogs.close },
      },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Menu: { defaultProps: { radius: 'md', shadow: 'md' } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': shellTexts.dialogs.close } },
      // A toast's text under its title is gray 6 (3.3:1); the dimmed colour passes AA.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/**
 * Mantine's dimmed text (gray 6) is 3.3:1 on white, below WCAG AA; gray 7 is 8.2:1. Secondary
 * text stays lighter than body text through its size and weight instead.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
