// Every destructive button on the staff pages asks first and says what it removes: a button carrying
// `data-confirm="Delete “Enterprise”?"` (a plain form's submit, or an island's button) opens the page's confirm
// dialog (AdminLayout.astro: a modal <dialog>, so focus stays inside it and the rest of the page is inert) with
// that question, Cancel in the site's language and the button's own words to go ahead. Nothing happens until
// the person agrees; then the same button is clicked again and goes through. Cancelled (or Escape), focus
// returns to the button. One capture listener on the document, so it runs before the form submits and before
// React's own handler at the island's root.
export function confirmFirst(dialog: HTMLDialogElement | null, root: Document = document): void {
  if (!dialog) return;
  let agreed: Element | null = null;
  root.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('[data-confirm]');
      if (!(button instanceof HTMLElement)) return;
      if (agreed === button) {
        agreed = null;
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      void ask(dialog, button.dataset.confirm ?? '', button.textContent?.trim() ?? '').then((yes) => {
        if (!yes) return button.focus();
        agreed = button;
        button.click();
      });
    },
    { capture: true },
  );
}

function ask(dialog: HTMLDialogElement, question: string, action: string): Promise<boolean> {
  const message = dialog.querySelector('[data-confirm-question]');
  const proceed = dialog.querySelector('button[value="ok"]');
  if (message) message.textContent = question;
  if (proceed) proceed.textContent = action;
  dialog.returnValue = '';
  dialog.showModal();
  dialog.querySelector<HTMLElement>('button[value="cancel"]')?.focus();
  return new Promise((resolve) =>
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true }),
  );
}
