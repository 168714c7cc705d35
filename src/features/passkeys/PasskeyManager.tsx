// Settings → Passkeys: the member's own passkeys (name, when added, when last used), with add, rename and remove.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { translator } from '../../i18n/current';
import { formatAge } from '../../lib/dates';
import { showToast } from '../../stores/toast';
import AskFirst from '../../ui/AskFirst';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { useFormAction } from '../../ui/hooks/use-form-action';
import { SubmitButton } from '../../ui/SubmitButton';
import { $passkeys, addPasskey, removePasskey, renamePasskey } from './passkeys';
import type { PasskeySummary } from './passkeys-data';

export default function PasskeyManager({ initial }: { initial: PasskeySummary[] }) {
  const t = translator('passkeys');
  // The server's list seeds the store once; until then (and on the server) it is what shows.
  const [seeded, setSeeded] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration.
  useEffect(() => {
    $passkeys.set(initial);
    setSeeded(true);
  }, []);
  const listed = useStore($passkeys);
  const passkeys = seeded ? listed : initial;
  const [name, setName] = useState('');
  const add = useFormAction();

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    if (await add.run(() => addPasskey(name))) {
      setName('');
      showToast(t('added'));
    }
  }

  return (
    <section className="passkeys" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{t('heading')}</h2>
      <p>{t('intro')}</p>
      {passkeys.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <ul className="passkey-list">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      <form className="form" method="post" onSubmit={submit} noValidate aria-label={t('add')}>
        <FormAlert error={add.error} shown={['name']} />
        <Field
          id="passkey-new-name"
          label={t('nameLabel')}
          maxLength={60}
          value={name}
          onValue={setName}
          error={add.fields.name}
          hint={t('nameHint')}
        />
        <SubmitButton busy={add.busy} pending={add.pending} label={t('add')} pendingLabel={t('waiting')} />
      </form>
    </section>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeySummary }) {
  const t = translator('passkeys');
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const { pending, busy, error, fields, run } = useFormAction();
  // Removing asks first, in place, naming the passkey (AskFirst).
  const [asking, setAsking] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);

  async function save(event: React.SubmitEvent) {
    event.preventDefault();
    if (await run(() => renamePasskey(passkey.id, name))) {
      setEditing(false);
      showToast(t('renamed'));
    }
  }

  async function remove() {
    if (await run(() => removePasskey(passkey.id))) return showToast(t('removed'));
    // Not removed: the message shows, and focus goes back to Remove.
    setAsking(false);
    requestAnimationFrame(() => removeButton.current?.focus());
  }

  if (editing) {
    return (
      <li>
        <form className="form" method="post" onSubmit={save} noValidate aria-label={t('rename')}>
          <FormAlert error={error} shown={['name']} />
          <Field
            id={`passkey-name-${passkey.id}`}
            label={t('nameLabel')}
            maxLength={60}
            value={name}
            onValue={setName}
            error={fields.name}
          />
          <SubmitButton busy={busy} pending={pending} label={t('save')} pendingLabel={t('save')} />
          <button className="button link" type="button" onClick={() => setEditing(false)}>
            {t('cancel')}
          </button>
        </form>
      </li>
    );
  }
  return (
    <li>
      <strong>{passkey.name}</strong>{' '}
      <span className="muted">
        {t('created', { date: formatAge(passkey.created) })}
        {passkey.last_used ? ` · ${t('lastUsed', { date: formatAge(passkey.last_used) })}` : ''}
      </span>{' '}
      <FormAlert error={error} shown={[]} />
      <button className="button link" type="button" disabled={busy} onClick={() => setEditing(true)}>
        {t('rename')}
      </button>{' '}
      <button
        className="button link"
        type="button"
        ref={removeButton}
        disabled={busy || asking}
        onClick={() => setAsking(true)}
      >
        {t('remove')}
      </button>
      {asking && (
        <AskFirst
          question={t('removeConfirm', { name: passkey.name })}
          confirm={t('remove')}
          cancel={t('cancel')}
          disabled={busy}
          onConfirm={() => void remove()}
          onCancel={() => {
            setAsking(false);
            requestAnimationFrame(() => removeButton.current?.focus());
          }}
        />
      )}
    </li>
  );
}
