// The look of a page's text fields and submit buttons, as the browser draws them (font size, height, radius,
// border, padding): pages that share primitives give one look of each, a page with forms of its own another.
import type { Page } from '@playwright/test';

export interface Looks {
  /** A look (its computed styles in one line) → the first control seen with it. */
  fields: Record<string, string>;
  submits: Record<string, string>;
}

export function looksOf(page: Page): Promise<Looks> {
  return page.evaluate(() => {
    const TEXT =
      'input:is([type=text],[type=email],[type=url],[type=search],[type=number],[type=password],:not([type]))';
    const lookOf = (el: Element) => {
      const s = getComputedStyle(el);
      const height = Math.round(el.getBoundingClientRect().height);
      return `font ${s.fontSize}, height ${height}px, radius ${s.borderRadius}, border ${s.borderTopWidth} ${s.borderTopStyle}, padding ${s.paddingTop} ${s.paddingInlineStart}`;
    };
    const nameOf = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const collect = (selector: string) => {
      const found: Record<string, string> = {};
      for (const el of document.querySelectorAll(selector)) {
        if (el.getBoundingClientRect().height === 0 || el.closest('[hidden], [inert]')) continue;
        found[lookOf(el)] ??= nameOf(el);
      }
      return found;
    };
    return {
      fields: collect(`main ${TEXT}`),
      submits: collect('main form button[type=submit], main form button:not([type])'),
    };
  });
}
