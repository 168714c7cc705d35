// Form controls that shadow their form: a control named (or with the id) `id`, `action`, `name`, `target`, …
// replaces the form element's own property for every script on the page (Playwright's locators threw "text.replace
// is not a function" inside such a form). The browser says which names are the form's
// (`name in HTMLFormElement.prototype`). Checked on every page by the every-page sweep and form-controls.spec.ts.
import type { Page } from '@playwright/test';

/** Each control of each form on the page whose name or id is one of the form element's own properties. */
export function shadowingControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const own = (key: string) => key in HTMLFormElement.prototype || key in document.createElement('form');
    const found: string[] = [];
    for (const [index, form] of [...document.querySelectorAll('form')].entries()) {
      const formName = form.getAttribute('aria-label') ?? form.getAttribute('class') ?? `form #${index}`;
      for (const control of Array.from(form.elements)) {
        for (const attribute of ['name', 'id']) {
          const value = control.getAttribute(attribute);
          if (value && own(value))
            found.push(`<${control.tagName.toLowerCase()} ${attribute}="${value}"> in the form "${formName}"`);
        }
      }
    }
    return found;
  });
}
