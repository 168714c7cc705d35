// Colour arithmetic for colours chosen at run time (site accent, status colours): WCAG contrast and a
// readable text colour on a given fill.

const HEX = /^#[0-9a-f]{6}$/i;

export function isHexColor(value: string | undefined): value is string {
  return Boolean(value && HEX.test(value));
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function luminanceOf(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#111318';

/** White or near-black, whichever reads better on `fill`. */
export function readableTextOn(fill: string): string {
  return contrastRatio(fill, LIGHT_TEXT) >= contrastRatio(fill, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}
