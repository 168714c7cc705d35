// Staff edit an idea's staff-only custom field values (rendered for staff only, by IdeaFields.astro).
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { translator } from '../../i18n/current';
import { focusFirstError } from '../../ui/hooks/focus-first-error';
import CustomFieldInput from './CustomFieldInput';
import {
  $savingStaffValues,
  $staffFieldErrors,
  $staffValues,
  saveStaffFieldValues,
  startStaffValues,
  updateStaffValue,
} from './custom-fields';
import type { FieldDefinition, FieldValues } from './custom-fields-data';

interface Props {
  postId: string;
  definitions: FieldDefinition[];
  values: FieldValues;
}

export default function StaffFields({ postId, definitions, values }: Props) {
  const t = translator('customFields');
  const id = useId();
  const current = useStore($staffValues);
  const errors = useStore($staffFieldErrors);
  const saving = useStore($savingStaffValues);
  useEffect(() => startStaffValues(values), [values]);
  return (
    <form
      className="form"
      aria-label={t('staffHeading')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void saveStaffFieldValues(postId).then((result) => result.ok || focusFirstError(form));
      }}
    >
      {definitions.map((definition) => (
        <CustomFieldInput
          key={definition.key}
          definition={definition}
          idPrefix={id}
          value={current[definition.key]}
          error={errors[definition.key]}
          onChange={(value) => updateStaffValue(definition.key, value)}
        />
      ))}
      <button type="submit" className="button primary" disabled={saving}>
        {t('save')}
      </button>
    </form>
  );
}
