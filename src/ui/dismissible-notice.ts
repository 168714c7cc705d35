// A notice with a Dismiss button, built without React: the toasts and the release notice.

/** A notice paragraph (`className`, also its test id) with its content and a Dismiss button: the
 * toasts (toast-region.ts) and the release notice (release-toast.ts). */
export function dismissibleNotice(
  className: string,
  content: (string | Node)[],
  dismissLabel: string,
  onDismiss: () => void,
): HTMLElement {
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.className = 'button link';
  dismiss.textContent = dismissLabel;
  dismiss.addEventListener('click', onDismiss);
  const notice = document.createElement('p');
  notice.className = className;
  notice.dataset.testid = className;
  notice.append(...content, dismiss);
  return notice;
}
