// The staff's editor of an idea's staff-only custom field values: what is typed, the server's message
// beside each field, saved in one write (post_insights.fields) that the server checks.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { attempt, type Result, refuse, succeed } from '../../stores/action';
import { getClient } from '../../stores/client';
import { showToast } from '../../stores/toast';
import { type FieldValue, type FieldValues, saveStaffValues } from './custom-fields-data';

export const $staffValues = atom<FieldValues>({});
export const $staffFieldErrors = atom<Record<string, string>>({});
export const $savingStaffValues = atom(false);

export function startStaffValues(values: FieldValues): void {
  $staffValues.set(values);
  $staffFieldErrors.set({});
}

export function updateStaffValue(key: string, value: FieldValue): void {
  const values = { ...$staffValues.get() };
  if (value === '' || (Array.isArray(value) && value.length === 0)) delete values[key];
  else values[key] = value;
  $staffValues.set(values);
  const { [key]: _, ...rest } = $staffFieldErrors.get();
  $staffFieldErrors.set(rest);
}

/** Saves every staff-only value at once; field messages land beside their inputs. */
export async function saveStaffFieldValues(postId: string): Promise<Result<unknown>> {
  $savingStaffValues.set(true);
  const result = await attempt(() => saveStaffValues(getClient(), postId, $staffValues.get()));
  $savingStaffValues.set(false);
  if (result.ok) {
    showToast(translate('customFields', 'saved'));
    return succeed(null);
  }
  const e = result.error;
  const fields = e.kind === 'validation' ? e.fields : {};
  $staffFieldErrors.set(
    Object.fromEntries(
      Object.entries(fields)
        .filter(([name]) => name.startsWith('fields.'))
        .map(([name, message]) => [name.slice('fields.'.length), message]),
    ),
  );
  return refuse(e.message);
}
