// An action asked first, in place (a destructive one, or one that costs: a second calibration run), where no page-wide dialog is loaded (staff pages use data-confirm,
// src/ui/confirm-first.ts): the question says what goes, focus lands on the answer, Cancel hands focus back to the
// caller. It imports no store and no translator (the caller passes the words), so an island may load it lazily
// without moving shared code into the chunk every page loads.
import { useEffect, useRef } from 'react';

interface Props {
  /** What will go ("Delete this comment and its 3 replies? They can't be brought back."). */
  question: string;
  /** The answer that goes ahead, in the action's own words ("Delete", "Remove"). */
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
  disabled?: boolean;
  /** How the answer looks: red for what goes (the default), the page's primary colour for what only costs. */
  tone?: 'danger' | 'primary';
}

export default function AskFirst({ question, confirm, cancel, onConfirm, onCancel, disabled, tone = 'danger' }: Props) {
  const answer = useRef<HTMLButtonElement>(null);
  useEffect(() => answer.current?.focus(), []);
  return (
    <fieldset className="ask-first">
      <legend>{question}</legend>
      <button type="button" className={`button ${tone}`} ref={answer} disabled={disabled} onClick={onConfirm}>
        {confirm}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        {cancel}
      </button>
    </fieldset>
  );
}
