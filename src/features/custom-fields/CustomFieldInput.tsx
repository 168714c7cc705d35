// One custom field's input, by its type (text, number, date, single or multiple choice), with the server's
// message beside it; used by the composer (public fields) and the staff's editor (staff-only ones).
import { translator } from '../../i18n/current';
import type { FieldDefinition, FieldValue } from './custom-fields-data';

interface Props {
  definition: FieldDefinition;
  idPrefix: string;
  value: FieldValue | undefined;
  error?: string | undefined;
  onChange: (value: FieldValue) => void;
}

export default function CustomFieldInput({ definition, idPrefix, value, error, onChange }: Props) {
  const t = translator('customFields');
  const id = `${idPrefix}-field-${definition.key}`;
  const errorId = `${id}-error`;
  const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const label = (
    <>
      {definition.label}
      {!definition.required && <span className="muted"> {t('optional')}</span>}
    </>
  );
  const message = error && (
    <p id={errorId} className="field-error">
      {error}
    </p>
  );
  if (definition.type === 'multiselect') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="field" data-field={definition.key} {...invalid}>
        <legend>{label}</legend>
        {definition.options.map((option) => (
          <label key={option} className="checkbox">
            <input
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, option] : chosen.filter((o) => o !== option))
              }
            />{' '}
            {option}
          </label>
        ))}
        {message}
      </fieldset>
    );
  }
  const text = value === undefined || Array.isArray(value) ? '' : String(value);
  return (
    <div className="field" data-field={definition.key}>
      <label htmlFor={id}>{label}</label>
      {definition.type === 'select' ? (
        <select
          id={id}
          value={text}
          required={definition.required}
          onChange={(e) => onChange(e.target.value)}
          {...invalid}
        >
          <option value="">{t('choose')}</option>
          {definition.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={definition.type === 'number' ? 'number' : definition.type === 'date' ? 'date' : 'text'}
          value={text}
          maxLength={definition.type === 'text' ? definition.max_length || 2000 : undefined}
          onChange={(event) => {
            const raw = event.target.value;
            onChange(definition.type === 'number' && raw.trim() !== '' ? Number(raw) : raw);
          }}
          {...invalid}
        />
      )}
      {message}
    </div>
  );
}
