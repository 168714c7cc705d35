// Admin: which sites may embed the widget, single sign-on (switch, product name, login URL) and the
// signing secret, revealed only on request.
import { type FormEvent, useState } from 'react';
import type { AppError } from '../lib/pb/errors';
import { revealSecret, rotateSecret, saveWidget, type WidgetSettingsInput } from '../stores/widget-admin';
import { FormAlert } from './FormAlert';

interface Props extends WidgetSettingsInput {
  id: string;
}

export default function AdminWidgetForm({ id, ...initial }: Props) {
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
      <form className="form" onSubmit={submit} noValidate aria-label="Widget and single sign-on">
        <FormAlert error={error} shown={['allowed_origins']} />
        <div className="field">
          <label htmlFor="allowed_origins">Sites allowed to embed the widget</label>
          <textarea
            id="allowed_origins"
            rows={4}
            value={input.allowedOrigins}
            onChange={(event) => change({ allowedOrigins: event.target.value })}
            aria-invalid={fields.allowed_origins ? true : undefined}
            aria-describedby={fields.allowed_origins ? 'origins-hint origins-error' : 'origins-hint'}
          />
          <p className="field-hint" id="origins-hint">
            One origin a line, like https://app.example.com. Every other site is refused.
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
          Accept identify tokens from our app (single sign-on)
        </label>
        <div className="field">
          <label htmlFor="product_name">Product name</label>
          <input
            id="product_name"
            value={input.productName}
            maxLength={60}
            onChange={(event) => change({ productName: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="login_url">App login URL</label>
          <input
            id="login_url"
            type="url"
            value={input.loginUrl}
            onChange={(event) => change({ loginUrl: event.target.value })}
            aria-describedby="login-hint"
          />
          <p className="field-hint" id="login-hint">
            “Sign in with {input.productName || 'your product'}” sends people here with ?return_to=.
          </p>
        </div>
        <button type="submit" className="button primary">
          Save
        </button>
        <p role="status">{saved ? 'Saved.' : ''}</p>
      </form>
      <section aria-labelledby="secret-heading">
        <h2 id="secret-heading">Signing secret</h2>
        <p>Your app’s server signs identify tokens (HS256) with it. Keep it on your server only.</p>
        {secret ? (
          <p>
            <code data-testid="sso-secret">{secret.secret}</code>
          </p>
        ) : null}
        <button type="button" className="button" onClick={() => void showSecret(false)}>
          Show the secret
        </button>{' '}
        {secret && (
          <button type="button" className="button" onClick={() => void showSecret(true)}>
            Replace with a new secret
          </button>
        )}
      </section>
    </>
  );
}
