// Every destructive button on the staff pages asks first and says what it removes: a button carrying
// `data-confirm="Delete “Enterprise”?"` (a plain form's submit, or an island's button) does nothing until the
// person agrees. One capture listener on the document, so it runs before the form submits and before React's
// own handler at the island's root; cancelled, the click stops there.
export function confirmFirst(root: Document = document): void {
  root.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('[data-confirm]');
      if (!(button instanceof HTMLElement)) return;
      if (window.confirm(button.dataset.confirm ?? '')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    { capture: true },
  );
}
