// The question an action asked first (use-confirm-step.ts) stands in for its button: what will happen, then the
// answer that goes ahead (focused, describing itself by the question) and Cancel.
import type { RefObject } from 'react';

interface Props {
  /** The question's element id, which the answer points to (aria-describedby). */
  id: string;
  question: string;
  /** The answer that goes ahead, in the action's own words. */
  yes: string;
  cancel: string;
  tone: 'primary' | 'danger';
  answer: RefObject<HTMLButtonElement | null>;
  busy: boolean;
  onYes: () => void;
  onCancel: () => void;
}

export function ConfirmQuestion({ id, question, yes, cancel, tone, answer, busy, onYes, onCancel }: Props) {
  return (
    <div>
      <p id={id}>{question}</p>
      <p className="staff-flags">
        <button
          ref={answer}
          type="button"
          className={`button ${tone}`}
          aria-describedby={id}
          disabled={busy}
          onClick={onYes}
        >
          {yes}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {cancel}
        </button>
      </p>
    </div>
  );
}
