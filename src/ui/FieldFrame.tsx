// The one frame every form control sits in: its label, then the control, its hint and the server's message,
// wired for screen readers (the control gets its id, aria-invalid and aria-describedby from here).
import type { ReactNode } from 'react';
import { type ControlAria, controlAria, errorId, hintId } from './field-aria';

/** What the frame hands its control: spread it onto the input, select or textarea. */
export type ControlProps = ControlAria;

export interface FrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode | undefined;
  error?: string | undefined;
  /** The label's own id, for controls (a file picker) that name themselves by it. */
  labelId?: string;
  /** Inside a line of other controls (a table row's form): a span, and no hint or message below. */
  inline?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** A control's hint and the server's message under it, with the ids its aria-describedby names (field-aria.ts). */
export function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p className="field-hint" id={hintId(id)}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId(id)}>
          {error}
        </p>
      )}
    </>
  );
}

export function FieldFrame({ id, label, hint, error, labelId, inline, children }: FrameProps) {
  if (inline)
    return (
      <span className="field">
        <label htmlFor={id}>{label}</label>
        {children({ id, 'aria-invalid': undefined, 'aria-describedby': undefined })}
      </span>
    );
  return (
    <div className="field">
      <label htmlFor={id} id={labelId}>
        {label}
      </label>
      {children(controlAria(id, { hint, error }))}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** A select's choices: [value, label] pairs in the order shown. */
export type Choices = ReadonlyArray<readonly [value: string, label: string]>;

interface SelectProps extends Omit<FrameProps, 'children'> {
  name?: string;
  choices: Choices;
  defaultValue?: string;
  value?: string;
  onValue?: (value: string) => void;
}

/** A labelled select; uncontrolled with defaultValue, controlled with value and onValue. */
export function SelectField({ name, choices, defaultValue, value, onValue, ...frame }: SelectProps) {
  return (
    <FieldFrame {...frame}>
      {(control) => (
        <select
          {...control}
          name={name}
          defaultValue={defaultValue}
          value={value}
          onChange={onValue && ((event) => onValue(event.currentTarget.value))}
        >
          {choices.map(([choice, label]) => (
            <option key={choice} value={choice}>
              {label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
