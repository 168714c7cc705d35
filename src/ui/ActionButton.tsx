// A button that shows only its verb ("Delete") but acts on one thing: its accessible name says both
// (lib/action-name.ts), an optional tone (primary, danger) and an optional question asked first (data-confirm,
// ui/confirm-first.ts). The one home of that shape for the admin lists and pickers.
import type { ButtonHTMLAttributes, Ref } from 'react';
import { actionName } from '../lib/action-name';

interface Props
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'children' | 'aria-label'> {
  /** What the button does, shown. */
  verb: string;
  /** What it acts on, said in its accessible name only. */
  target: string;
  tone?: 'primary' | 'danger';
  /** Asked before the action (data-confirm). */
  confirm?: string;
  ref?: Ref<HTMLButtonElement>;
}

export function ActionButton({ verb, target, tone, confirm, ...button }: Props) {
  return (
    <button
      type="button"
      className={tone ? `button ${tone}` : 'button'}
      data-confirm={confirm}
      {...button}
      aria-label={actionName(verb, target)}
    >
      {verb}
    </button>
  );
}
