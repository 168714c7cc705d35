// The last step of signing up with a passkey: the emailed code has confirmed the address and signed in; now
// the device creates the passkey the member will sign in with (or later, from settings).
import { useState } from 'react';
import { translator } from '../../i18n/current';
import { continueTo } from '../../lib/next-path';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { useFormAction } from '../../ui/hooks/use-form-action';
import { SubmitButton } from '../../ui/SubmitButton';
import { addPasskey, skipPasskeyStep } from './passkeys';

export function PasskeyCreateStep({ next }: { next: string | null }) {
  const t = translator('passkeys');
  const [name, setName] = useState(t('defaultName'));
  const { pending, busy, error, fields, run } = useFormAction();

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    if (await run(() => addPasskey(name), true)) continueTo(next);
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-label={t('createHeading')}>
      <h2>{t('createHeading')}</h2>
      <p className="alert success" role="status">
        {t('createPrompt')}
      </p>
      <FormAlert error={error} shown={['name']} />
      <Field
        id="passkey-step-name"
        label={t('nameLabel')}
        maxLength={60}
        value={name}
        onValue={setName}
        error={fields.name}
        hint={t('nameHint')}
      />
      <SubmitButton busy={busy} pending={pending} label={t('create')} pendingLabel={t('waiting')} />
      <p>
        <button
          className="button link"
          type="button"
          disabled={busy}
          onClick={() => {
            skipPasskeyStep();
            continueTo(next);
          }}
        >
          {t('skip')}
        </button>
      </p>
    </form>
  );
}
