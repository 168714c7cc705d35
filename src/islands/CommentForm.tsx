// A comment, reply or edit box: clears at once (optimistic) and gets the text back if the server refuses.
import { useId, useState } from 'react';

interface Props {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
}

export default function CommentForm({ label, submitLabel, initial = '', onSubmit, onCancel }: Props) {
  const [body, setBody] = useState(initial);
  const [error, setError] = useState('');
  const id = useId();
  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        const text = body.trim();
        if (!text) return setError('Write something first.');
        if (text.length > 5000) return setError('Comments can be at most 5,000 characters.');
        setError('');
        setBody('');
        void onSubmit(text).then((ok) => {
          if (!ok) setBody((now) => now || text);
        });
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        value={body}
        rows={3}
        placeholder={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setBody(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <div className="comment-form-actions">
        <button type="submit" className="button primary">
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
