// What sticks out of the screen sideways: the document wider than the viewport, and each element whose box
// reaches past the left or right edge outside any container that scrolls or clips on purpose (the roadmap's
// columns). Elements kept off screen for screen readers (a skip link, visually hidden text) are not counted;
// the page's folded panels (<details> in main: filters, more options) are opened first, as a visitor would.
// Only the outermost offender of a branch is named, as `tag#id.class "its text"`, with where it reaches.
import type { Page } from '@playwright/test';

export function overflowsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    for (const details of document.querySelectorAll('main details:not([open])')) details.setAttribute('open', '');
    const root = document.documentElement;
    const width = root.clientWidth;
    const found: string[] = [];
    if (root.scrollWidth > width) found.push(`the page scrolls sideways: ${root.scrollWidth} px wide on ${width}`);
    const nameOf = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const classes = [...el.classList]
        .slice(0, 3)
        .map((c) => `.${c}`)
        .join('');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`;
    };
    const contained = (el: Element) => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const hiddenOnPurpose = (el: Element) => {
      // Not drawn: hidden, transparent, or inside a closed <details> (content-visibility skips it).
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return true;
      const style = getComputedStyle(el);
      if (style.clip !== 'auto' && style.clip !== '') return true; // .visually-hidden
      if (style.clipPath.startsWith('inset(50%')) return true;
      const box = el.getBoundingClientRect();
      return box.right <= 0 || box.left >= width; // wholly off screen (a skip link until it is focused)
    };
    const reported: Element[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      if (reported.some((outer) => outer.contains(el))) continue;
      if (hiddenOnPurpose(el) || contained(el)) continue;
      reported.push(el);
      found.push(`${nameOf(el)} reaches ${Math.round(box.left)}–${Math.round(box.right)} px of ${width}`);
    }
    return found;
  });
}
