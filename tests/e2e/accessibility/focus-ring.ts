// Whether keyboard focus shows: presses Tab through the page (up to `limit` stops) and names each focused
// control the browser draws no ring for (no outline, no box shadow), as `tag.class "its words"`.
import type { Page } from '@playwright/test';

export async function unringedFocus(page: Page, limit = 30): Promise<string[]> {
  await page.locator('body').click({ position: { x: 1, y: 1 } }); // start from the top of the document
  const found = new Set<string>();
  const seen = new Set<string>();
  for (let stop = 0; stop < limit; stop++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ringed =
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      const classes = [...el.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('');
      const words = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      const path = [];
      for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
        path.push(`${node.tagName}${Array.from(node.parentElement?.children ?? []).indexOf(node)}`);
      }
      return { ringed, name: `${el.tagName.toLowerCase()}${classes} "${words}"`, key: path.join('<') };
    });
    if (!focused || seen.has(focused.key)) break; // back at the start: every stop visited
    seen.add(focused.key);
    if (!focused.ringed) found.add(focused.name);
  }
  return [...found];
}
