// The summary above a form after a failed submit; field messages sit next to their fields.
import { translate } from '../i18n/current';
import type { AppError } from '../lib/pb/errors';

interface Props {
  error: AppError | null;
  /** The fields this form shows messages next to; messages for any other field go here. */
  shown: string[];
}

export function FormAlert({ error, shown }: Props) {
  if (!error) return null;
  const fields = error.kind === 'validation' ? error.fields : {};
  const elsewhere = Object.entries(fields).filter(([field]) => !shown.includes(field));
  const nextToFields = Object.keys(fields).length > elsewhere.length;
  return (
    <div className="alert error" role="alert">
      {nextToFields ? <p>{translate('errors', 'checkFields')}</p> : null}
      {elsewhere.length > 0 ? elsewhere.map(([field, message]) => <p key={field}>{message}</p>) : null}
      {!nextToFields && elsewhere.length === 0 ? <p>{error.message}</p> : null}
    </div>
  );
}
