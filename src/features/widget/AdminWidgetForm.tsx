// Admin: which sites may embed the widget, single sign-on (switch, product name, login URL) and the
// signing secret, revealed only on request.
import { type FormEvent, useState } from 'react';
import { translator } from '../../i18n/current';
import type { AppError } from '../../lib/pb/errors';
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
        <div className="field">
          <label htmlFor="allowed_origins">{t('allowedOrigins')}</label>
          <textarea
            id="allowed_origins"
            rows={4}
            value={input.allowedOrigins}
            onChange={(event) => change({ allowedOrigins: event.target.value })}
            aria-invalid={fields.allowed_origins ? true : undefined}
            aria-describedby={fields.allowed_origins ? 'origins-hint origins-error' : 'origins-hint'}
          />
          <p className="field-hint" id="origins-hint">
            {t('allowedOriginsHint')}
          </p>
          {fields.allowed_origins && (
            <p className="field-error" id="origins-error">
              {fields.allowed_origins}
            </p>
          )}
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={input.ssoEnabled}
            onChange={(event) => change({ ssoEnabled: event.target.checked })}
          />{' '}
          {t('ssoEnabled')}
        </label>
        <div className="field">
          <label htmlFor="product_name">{t('productName')}</label>
          <input
            id="product_name"
            value={input.productName}
            maxLength={60}
            onChange={(event) => change({ productName: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="login_url">{t('loginUrl')}</label>
          <input
            id="login_url"
            type="url"
            value={input.loginUrl}
            onChange={(event) => change({ loginUrl: event.target.value })}
            aria-describedby="login-hint"
          />
          <p className="field-hint" id="login-hint">
            {t('loginUrlHint', { product: input.productName || t('yourProduct') })}
          </p>
        </div>
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
