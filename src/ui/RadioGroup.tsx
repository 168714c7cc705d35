// One choice of a few, all in sight: a fieldset (role="radiogroup") whose legend names it, a radio a line with its
// words beside it and its own hint under them, and the group's hint and the server's message tied to the group.
import type { ReactNode } from 'react';
import { FieldMessages } from './FieldFrame';
import { controlAria, hintId } from './field-aria';

/** The choices in the order shown: [value, label] or [value, label, a hint read with that radio]. */
export type RadioChoices<V extends string> = ReadonlyArray<
  readonly [value: V, label: ReactNode, hint?: ReactNode | undefined]
>;

interface Props<V extends string> {
  id: string;
  /** Posted with the form (an island that sends its own state may leave it to the id). */
  name?: string;
  label: ReactNode;
  hint?: ReactNode | undefined;
  error?: string | undefined;
  choices: RadioChoices<V>;
  /** Uncontrolled: the radio checked at first ('' or none: nothing chosen yet). */
  defaultValue?: V | '';
  /** Controlled: the chosen value ('' for none), told of every choice through onValue. */
  value?: V | '';
  onValue?: (value: V) => void;
}

export function RadioGroup<V extends string>({
  id,
  name = id,
  label,
  hint,
  error,
  choices,
  defaultValue,
  value,
  onValue,
}: Props<V>) {
  const { 'aria-invalid': invalid, 'aria-describedby': describedBy } = controlAria(id, { hint, error });
  const legendId = `${id}-legend`;
  return (
    <fieldset
      id={id}
      className="radio-group"
      // A fieldset with the radiogroup role: its legend still names it, and a radio group takes aria-invalid.
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a radio group is a fieldset of radios.
      role="radiogroup"
      aria-labelledby={legendId}
      aria-invalid={invalid}
      aria-describedby={describedBy}
    >
      <legend id={legendId}>{label}</legend>
      {choices.map(([choice, words, choiceHint]) => {
        const radioId = `${id}-${choice}`;
        return (
          <div key={choice} className="radio-choice">
            <label className="checkbox" htmlFor={radioId}>
              <input
                id={radioId}
                type="radio"
                name={name}
                value={choice}
                checked={value === undefined ? undefined : value === choice}
                defaultChecked={value === undefined ? defaultValue === choice : undefined}
                onChange={onValue && (() => onValue(choice))}
                aria-describedby={choiceHint ? hintId(radioId) : undefined}
              />
              <span>{words}</span>
            </label>
            <FieldMessages id={radioId} hint={choiceHint} />
          </div>
        );
      })}
      <FieldMessages id={id} hint={hint} error={error} />
    </fieldset>
  );
}
