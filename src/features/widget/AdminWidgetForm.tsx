// Admin: which sites may embed the widget, single sign-on (switch, product name, login URL) and the
// signing secret, revealed only on request.
import { type FormEvent, useState } from 'react';
import { translator } from '../../i18n/current';
import type { AppError } from '../../lib/pb/errors';
import { FieldFrame } from '../../ui/FieldFrame';
import { FormAlert } from '../../ui/FormAlert';
import { revealSecret, rotateSecret, saveWidget, type WidgetSettingsInput } from './widget-admin';

interface Props extends WidgetSettingsInput {
  id: string;
}

export default function AdminWidgetForm({ id, ...initial }: Props) {
  const t = translator('adminWidget');
  const [input, setInput] = useState(initial);
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState(false);
  const [secret, setSecret] = useState<{ id: string; secret: string } | null>(null);
  const fields = error?.kind === 'validation' ? error.fields : {};
  const change = (patch: Partial<WidgetSettingsInput>) => {
    setInput({ ...input, ...patch });
    setSaved(false);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await saveWidget(id, input);
    setError(result);
    setSaved(!result);
  }
  async function showSecret(rotate: boolean) {
    const result = rotate && secret ? await rotateSecret(secret.id) : await revealSecret();
    if ('kind' in result) setError(result);
    else setSecret(result);
  }

  return (
    <>
      <form className="form" onSubmit={submit} noValidate aria-label={t('formLabel')}>
        <FormAlert error={error} shown={['allowed_origins']} />
        <FieldFrame
          id="allowed_origins"
          label={t('allowedOrigins')}
          hint={t('allowedOriginsHint')}
          error={fields.allowed_origins}
        >
          {(control) => (
            <textarea
              {...control}
              rows={4}
              value={input.allowedOrigins}
              onChange={(event) => change({ allowedOrigins: event.target.value })}
            />
          )}
        </FieldFrame>
        <label className="check">
          <input
            type="checkbox"
            checked={input.ssoEnabled}
            onChange={(event) => change({ ssoEnabled: event.target.checked })}
          />{' '}
          {t('ssoEnabled')}
        </label>
        <FieldFrame id="product_name" label={t('productName')}>
          {(control) => (
            <input
              {...control}
              value={input.productName}
              maxLength={60}
              onChange={(event) => change({ productName: event.target.value })}
            />
          )}
        </FieldFrame>
        <FieldFrame
          id="login_url"
          label={t('loginUrl')}
          hint={t('loginUrlHint', { product: input.productName || t('yourProduct') })}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              value={input.loginUrl}
              onChange={(event) => change({ loginUrl: event.target.value })}
            />
          )}
        </FieldFrame>
        <button type="submit" className="button primary">
          {t('save')}
        </button>
        <p role="status">{saved ? t('saved') : ''}</p>
      </form>
      <section aria-labelledby="secret-heading">
        <h2 id="secret-heading">{t('secretHeading')}</h2>
        <p>{t('secretHelp')}</p>
        {secret ? (
          <p>
            <code data-testid="sso-secret">{secret.secret}</code>
          </p>
        ) : null}
        <button type="button" className="button" onClick={() => void showSecret(false)}>
          {t('showSecret')}
        </button>{' '}
        {secret && (
          <button type="button" className="button" onClick={() => void showSecret(true)}>
            {t('replaceSecret')}
          </button>
        )}
      </section>
    </>
  );
}
