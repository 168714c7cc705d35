// Deleting an account in two steps: confirm it is you (your password, or a code emailed to you), then tick
// "I understand" and delete. The same island serves a member for themselves and an admin for a member
// (`memberId`; the admin confirms with their own password or code). Field messages sit next to fields.
import { type FormEvent, useState } from 'react';
import { translator } from '../../i18n/current';
import type { AppError } from '../../lib/pb/errors';
import { CheckboxField } from '../../ui/CheckboxField';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { deleteAccount, emailFreshCode, proveFreshSignIn } from './my-account';

interface Props {
  /** An admin deleting this member's account; empty for one's own. */
  memberId?: string;
  /** Where to go once deleted. */
  next: string;
}

export default function DeleteAccount({ memberId = '', next }: Props) {
  const t = translator('deleteAccount');
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [otpId, setOtpId] = useState('');
  const [code, setCode] = useState('');
  const [fresh, setFresh] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = error?.kind === 'validation' ? error.fields : {};

  async function sendCode() {
    setBusy(true);
    const result = await emailFreshCode();
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setOtpId(result.value);
    setMethod('code');
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await proveFreshSignIn(method === 'password' ? { password } : { otpId, code: code.trim() });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setFresh(result.value);
  }

  async function destroy(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!understood) {
      setError({ kind: 'validation', message: t('mustUnderstand'), fields: { understand: t('mustUnderstand') } });
      return;
    }
    setBusy(true);
    const result = await deleteAccount(fresh, memberId);
    if (!result.ok) {
      setBusy(false);
      return setError(result.error);
    }
    location.assign(next);
  }

  if (!fresh) {
    return (
      <form className="form" onSubmit={confirm} noValidate aria-labelledby="delete-confirm-title">
        <h3 id="delete-confirm-title">{t('confirmTitle')}</h3>
        <FormAlert error={error} shown={['password', 'code']} />
        {method === 'password' ? (
          <Field
            id="delete-password"
            label={t('password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onValue={setPassword}
            error={fields.password}
          />
        ) : (
          <>
            <p role="status">{t('codeSent')}</p>
            <Field
              id="delete-code"
              label={t('code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={20}
              value={code}
              onValue={setCode}
              error={fields.code}
            />
          </>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {t('confirm')}
          </button>
          {method === 'password' ? (
            <button type="button" className="button link" onClick={sendCode} disabled={busy}>
              {t('useCode')}
            </button>
          ) : (
            <button type="button" className="button link" onClick={() => setMethod('password')} disabled={busy}>
              {t('usePassword')}
            </button>
          )}
        </div>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={destroy} noValidate>
      <p role="status">{t('confirmed')}</p>
      <FormAlert error={error} shown={['understand']} />
      <CheckboxField
        id="understand"
        name="understand"
        label={t('understand')}
        checked={understood}
        onChecked={setUnderstood}
        error={fields.understand}
      />
      <button type="submit" className="button danger" disabled={busy}>
        {busy ? t('deleting') : t('delete')}
      </button>
    </form>
  );
}
