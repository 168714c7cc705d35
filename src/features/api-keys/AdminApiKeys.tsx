// Admin API keys: a form to make one (name, scope with what it may do, optional expiry and minute limit), the
// new key shown once with a copy button, and the list of keys with their use and a confirmed revoke.
import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { currentLocale, translator } from '../../i18n/current';
import type { AppError } from '../../lib/pb/errors';
import { ActionButton } from '../../ui/ActionButton';
import { AdminTable } from '../../ui/AdminTable';
import AskFirst from '../../ui/AskFirst';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { useConfirmStep } from '../../ui/hooks/use-confirm-step';
import { useSeededStore } from '../../ui/hooks/use-seeded-store';
import { RadioGroup } from '../../ui/RadioGroup';
import { SubmitButton } from '../../ui/SubmitButton';
import Toaster from '../../ui/Toaster';
import { $apiKeys, $newKey, addApiKey, copyNewKey, dismissNewKey, revokeKey } from './api-keys';
import { type ApiKeyRecord, KEY_SCOPES, type KeyScope, type NewApiKey } from './api-keys-data';

// i18n-keys: apiKeys.scope_*, apiKeys.scopeHelp_*
const FIELDS = ['name', 'scope', 'expires_at', 'rate_limit'];

/** A PocketBase date ("2026-11-24 01:50:00.000Z") in the admin's language, or '' when there is none. */
function formatWhen(date: string): string {
  if (!date) return '';
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(date.replace(' ', 'T')),
  );
}

/** The form's values as the route takes them: the expiry at the end of the chosen day, in the admin's time. */
function toNewKey(form: { name: string; scope: KeyScope | ''; expiry: string; limit: string }): NewApiKey {
  const data: NewApiKey = { name: form.name, scope: form.scope };
  if (form.expiry) {
    const end = new Date(`${form.expiry}T23:59:59`);
    data.expires_at = Number.isNaN(end.getTime()) ? form.expiry : end.toISOString();
  }
  if (form.limit.trim()) data.rate_limit = Number(form.limit.trim());
  return data;
}

function NewKeyNotice() {
  const shown = useStore($newKey);
  if (!shown) return null;
  const t = translator('apiKeys');
  return (
    <section className="notice" aria-labelledby="new-key-heading" data-testid="new-api-key">
      <h2 id="new-key-heading">{t('newKeyHeading', { name: shown.name })}</h2>
      <p>
        <strong>{t('newKeyWarning')}</strong>
      </p>
      <p className="admin-code api-key-token">
        <code data-testid="new-api-key-token">{shown.token}</code>
      </p>
      <p className="staff-flags">
        <button type="button" className="button primary" onClick={copyNewKey}>
          {t('copy')}
        </button>
        <button type="button" className="button" onClick={dismissNewKey}>
          {t('done')}
        </button>
      </p>
    </section>
  );
}

function KeyState({ apiKey }: { apiKey: ApiKeyRecord }) {
  const t = translator('apiKeys');
  if (apiKey.revoked_at) return <>{t('revokedOn', { date: formatWhen(apiKey.revoked_at) })}</>;
  if (apiKey.expires_at && Date.parse(apiKey.expires_at.replace(' ', 'T')) <= Date.now()) return <>{t('expired')}</>;
  return <>{t('active')}</>;
}

function RevokeButton({ apiKey }: { apiKey: ApiKeyRecord }) {
  const t = translator('apiKeys');
  const { confirming, busy, askButton, ask, cancel, run } = useConfirmStep();
  if (apiKey.revoked_at) return null;
  if (!confirming) {
    return <ActionButton verb={t('revoke')} target={apiKey.name} tone="danger" ref={askButton} onClick={ask} />;
  }
  return (
    <AskFirst
      question={t('revokeConfirm', { name: apiKey.name })}
      confirm={t('revokeYes')}
      cancel={t('cancel')}
      disabled={busy}
      onConfirm={() => run(() => revokeKey(apiKey.id))}
      onCancel={cancel}
    />
  );
}

function KeyTable({ keys }: { keys: ApiKeyRecord[] }) {
  const t = translator('apiKeys');
  return (
    <AdminTable
      label={t('tableLabel')}
      empty={t('none')}
      rowCount={keys.length}
      columns={[
        t('name'),
        t('scope'),
        t('hint'),
        t('createdBy'),
        t('lastUsed'),
        t('expires'),
        t('state'),
        t('actions'),
      ]}
    >
      {keys.map((key) => (
        <tr key={key.id} data-testid="api-key-row">
          <td>{key.name}</td>
          <td>{t(`scope_${key.scope}`)}</td>
          <td>
            <code>…{key.hint}</code>
          </td>
          <td>
            {key.created_by_name}
            <br />
            <span className="muted">{formatWhen(key.created)}</span>
          </td>
          <td>{key.last_used_at ? formatWhen(key.last_used_at) : t('neverUsed')}</td>
          <td>{key.expires_at ? formatWhen(key.expires_at) : t('noExpiry')}</td>
          <td>
            <KeyState apiKey={key} />
          </td>
          <td>
            <RevokeButton apiKey={key} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

export default function AdminApiKeys({ initial }: { initial: ApiKeyRecord[] }) {
  const t = translator('apiKeys');
  const keys = useSeededStore($apiKeys, initial);
  const [name, setName] = useState('');
  // No scope until the admin picks one: what a key may do is never a default.
  const [scope, setScope] = useState<KeyScope | ''>('');
  const [expiry, setExpiry] = useState('');
  const [limit, setLimit] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldError = (field: string) => (error?.kind === 'validation' ? error.fields[field] : undefined);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null); // the same refusal again is a new message: each field shows it afresh
    const refused = await addApiKey(toNewKey({ name, scope, expiry, limit }));
    setBusy(false);
    setError(refused);
    if (!refused) {
      setName('');
      setExpiry('');
      setLimit('');
    }
  }

  return (
    <>
      <NewKeyNotice />
      <h2>{t('listHeading')}</h2>
      <KeyTable keys={keys} />
      <form onSubmit={create} className="admin-form" aria-labelledby="create-key" noValidate>
        <h2 id="create-key">{t('createHeading')}</h2>
        <FormAlert error={error} shown={FIELDS} />
        <Field
          id="key-name"
          label={t('name')}
          hint={t('nameHint')}
          value={name}
          onValue={setName}
          error={fieldError('name')}
          maxLength={200}
          autoComplete="off"
        />
        <RadioGroup
          id="key-scope"
          name="scope"
          label={t('scope')}
          value={scope}
          onValue={setScope}
          error={fieldError('scope')}
          choices={KEY_SCOPES.map((value) => [value, t(`scope_${value}`), t(`scopeHelp_${value}`)] as const)}
        />
        <Field
          id="key-expiry"
          type="date"
          label={t('expiry')}
          hint={t('expiryHint')}
          value={expiry}
          onValue={setExpiry}
          error={fieldError('expires_at')}
        />
        <Field
          id="key-limit"
          type="number"
          inputMode="numeric"
          label={t('rateLimit')}
          hint={t('rateLimitHint')}
          value={limit}
          onValue={setLimit}
          error={fieldError('rate_limit')}
        />
        <SubmitButton busy={busy} pending={busy} label={t('createButton')} pendingLabel={t('creating')} />
      </form>
      <Toaster />
    </>
  );
}
