// Edits an ordered list of records (boards, statuses, tags or a board's custom fields): each row saves on
// its own, moves with up/down buttons, and a form at the end adds one.
import type { FormEvent } from 'react';
import { translator } from '../../i18n/current';
import { ActionButton } from '../../ui/ActionButton';
import { useSeededStore } from '../../ui/hooks/use-seeded-store';
import Toaster from '../../ui/Toaster';
import { $adminRows, addAdminRow, moveAdminRow, removeAdminRow, saveAdminRow } from './admin';
import type { AdminCollection, AdminRow } from './admin-data';

export interface FieldSpec {
  name: string;
  label: string;
  /** `list`: comma-separated words, sent as an array. */
  type: 'text' | 'color' | 'checkbox' | 'select' | 'number' | 'list';
  options?: { value: string; label: string }[];
}

interface Props {
  collection: AdminCollection;
  fields: FieldSpec[];
  rows: AdminRow[];
  ordered?: boolean;
  deletable?: boolean;
  /** Sent with every new row (e.g. the board a custom field belongs to). */
  defaults?: Record<string, string>;
  /** The row, heading, form and button words, when the collection has none of its own in adminList. */
  words?: { row: string; heading: string; form: string; button: string };
}

/** What a row is called in buttons' names: its name, or its label (custom fields). */
const nameOf = (row: AdminRow) => String(row.name ?? row.label ?? '');

function readValue(field: FieldSpec, value: FormDataEntryValue | null): unknown {
  if (field.type === 'checkbox') return value === 'on';
  const text = String(value ?? '');
  if (field.type === 'number') return text.trim() === '' ? 0 : Number(text);
  if (field.type === 'list') {
    return text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }
  return text;
}

/** A field's control name: `field_` first, so a field called `name` never shadows its form's own `name`. */
const controlName = (field: FieldSpec) => `field_${field.name}`;

function readForm(form: HTMLFormElement, fields: FieldSpec[]): Record<string, unknown> {
  const data = new FormData(form);
  return Object.fromEntries(fields.map((f) => [f.name, readValue(f, data.get(controlName(f)))]));
}

function Field({ field, prefix, value }: { field: FieldSpec; prefix: string; value: unknown }) {
  const id = `${prefix}-${field.name}`;
  if (field.type === 'checkbox') {
    return (
      <label className="checkbox" htmlFor={id}>
        <input id={id} name={controlName(field)} type="checkbox" defaultChecked={Boolean(value)} /> {field.label}
      </label>
    );
  }
  return (
    <span className="field">
      <label htmlFor={id}>{field.label}</label>
      {field.type === 'select' ? (
        <select id={id} name={controlName(field)} defaultValue={String(value ?? field.options?.[0]?.value ?? '')}>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={controlName(field)}
          type={field.type === 'list' ? 'text' : field.type}
          defaultValue={
            Array.isArray(value) ? value.join(',') : String(value ?? (field.type === 'color' ? '#888888' : ''))
          }
        />
      )}
    </span>
  );
}

export default function AdminListEditor(props: Props) {
  const { collection, fields, rows, ordered = false, deletable = false, defaults = {} } = props;
  const t = translator('adminList');
  // i18n-keys: adminList.boards* adminList.statuses* adminList.tags*
  const words = props.words
    ? { ...props.words, row: (name: string) => props.words?.row.replace('{name}', name) ?? name }
    : {
        row: (name: string) => t(`${collection as 'boards' | 'statuses' | 'tags'}Row`, { name }),
        heading: t(`${collection as 'boards' | 'statuses' | 'tags'}AddHeading`),
        form: t(`${collection as 'boards' | 'statuses' | 'tags'}NewForm`),
        button: t(`${collection as 'boards' | 'statuses' | 'tags'}AddButton`),
      };
  const live = useSeededStore($adminRows, rows);

  function save(id: string, event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void saveAdminRow(collection, id, readForm(event.currentTarget, fields));
  }
  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = { ...defaults, ...readForm(form, fields) };
    if (ordered) data.position = live.length;
    if ((await addAdminRow(collection, data)).ok) form.reset();
  }

  return (
    <div>
      <ol className="admin-list">
        {live.map((row, i) => (
          <li key={row.id} className="card" data-testid={`${collection}-row`}>
            <form className="admin-row" onSubmit={(e) => save(row.id, e)} aria-label={words.row(nameOf(row))}>
              {fields.map((f) => (
                <Field key={f.name} field={f} prefix={row.id} value={row[f.name]} />
              ))}
              <button type="submit" className="button primary">
                {t('save')}
              </button>
              {ordered && (
                <>
                  <ActionButton
                    verb={t('moveUp')}
                    target={nameOf(row)}
                    disabled={i === 0}
                    onClick={() => moveAdminRow(collection, row.id, -1)}
                  />
                  <ActionButton
                    verb={t('moveDown')}
                    target={nameOf(row)}
                    disabled={i === live.length - 1}
                    onClick={() => moveAdminRow(collection, row.id, 1)}
                  />
                </>
              )}
              {deletable && (
                <ActionButton
                  verb={t('delete')}
                  target={nameOf(row)}
                  tone="danger"
                  confirm={t('confirmDelete', { name: nameOf(row) })}
                  onClick={() => removeAdminRow(collection, row.id)}
                />
              )}
            </form>
          </li>
        ))}
      </ol>
      <h2>{words.heading}</h2>
      <form className="admin-row card" onSubmit={add} aria-label={words.form}>
        {fields.map((f) => (
          <Field key={f.name} field={f} prefix="new" value={f.type === 'checkbox' ? false : undefined} />
        ))}
        <button type="submit" className="button primary">
          {words.button}
        </button>
      </form>
      <Toaster />
    </div>
  );
}
