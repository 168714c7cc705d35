// A file input in the page's language: the browser's own control says "Choose Files / No file chosen" in
// the browser's language, so the input hides behind a real button and this says what was chosen.
import { type InputHTMLAttributes, useId, useRef, useState } from 'react';
import { currentLocale, translator } from '../i18n/current';
import { formatList } from '../i18n/list-format';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'className' | 'tabIndex'>;

interface Props extends InputProps {
  /** The button's words ("Choose an image"). */
  buttonLabel: string;
  /** The field's label element: it names the input (tests and forms find it by it); the button, named by
   * its own words, gets it as its description, with what was chosen. */
  fieldLabel?: string;
  /** Takes the picked files and empties the input: the caller keeps them and passes them back as `chosen`
   * (with drops and pastes). Without it, the input keeps its files and its form posts them. */
  onFiles?: (files: File[]) => void;
  chosen?: File[];
}

export default function FilePicker({ buttonLabel, fieldLabel, onFiles, chosen, id, ...input }: Props) {
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const statusId = `${inputId}-chosen`;
  const ref = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File[]>([]);
  const t = translator('filePicker');
  const files = chosen ?? picked;
  const status = files.length
    ? t('chosen', {
        count: files.length,
        names: formatList(
          currentLocale(),
          files.map((file) => file.name),
        ),
      })
    : t('none');
  const describedBy = [fieldLabel, statusId, input['aria-describedby']].filter(Boolean).join(' ');
  return (
    <div className="file-picker">
      {/* Out of the tab order and the accessibility tree (browsers expose it as a second button): the button
          opens it; a click on its label still does too. */}
      <input
        {...input}
        ref={ref}
        id={inputId}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const list = [...(event.target.files ?? [])];
          if (!onFiles) return setPicked(list);
          event.target.value = '';
          onFiles(list);
        }}
      />
      <button
        type="button"
        className="button"
        aria-describedby={describedBy}
        aria-invalid={input['aria-invalid']}
        onClick={() => ref.current?.click()}
      >
        {buttonLabel}
      </button>
      <span id={statusId} className="file-picker-chosen" aria-live="polite">
        {status}
      </span>
    </div>
  );
}
