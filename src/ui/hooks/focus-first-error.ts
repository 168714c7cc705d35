// After a refused submit, moves focus to the first field in error (or the form's alert), once React
// has rendered the messages, so keyboard and screen-reader users land on what needs fixing.
export function focusFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!target) return;
    if (target.getAttribute('role') === 'alert') target.tabIndex = -1;
    target.focus();
  });
}
