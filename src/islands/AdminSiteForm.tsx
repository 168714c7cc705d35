// Site settings: name, tagline, logo, accent color, welcome text, approval and sign-ups.
import { type FormEvent, useState } from 'react';
import type { AppError } from '../lib/pb/errors';
import { saveSiteSettings } from '../stores/site-settings';

interface Props {
  id: string;
  name: string;
  tagline: string;
  accent: string;
  welcome: string;
  requireApproval: boolean;
  allowSignups: boolean;
  authorVotes: boolean;
}

const TEXT = [
  { name: 'name', label: 'Name' },
  { name: 'tagline', label: 'Tagline' },
] as const;

export default function AdminSiteForm(props: Props) {
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState(false);
  const fields = error?.kind === 'validation' ? error.fields : {};

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const data = new FormData();
    for (const key of ['name', 'tagline', 'accent_color', 'welcome']) data.set(key, String(form.get(key) ?? ''));
    for (const key of ['require_approval', 'allow_signups', 'author_votes'])
      data.set(key, form.get(key) ? 'true' : 'false');
    const logo = form.get('logo');
    if (logo instanceof File && logo.size > 0) data.set('logo', logo);
    setSaved(false);
    const result = await saveSiteSettings(props.id, data);
    setError(result.ok ? null : result.error);
    setSaved(result.ok);
  }

  const invalidProps = (name: string) =>
    fields[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {};
  const message = (name: string) =>
    fields[name] && (
      <p id={`${name}-error`} className="field-error">
        {fields[name]}
      </p>
    );
  return (
    <form className="form" onSubmit={submit} noValidate>
      {TEXT.map((f) => (
        <div className="field" key={f.name}>
          <label htmlFor={`site-${f.name}`}>{f.label}</label>
          <input id={`site-${f.name}`} name={f.name} defaultValue={props[f.name]} {...invalidProps(f.name)} />
          {message(f.name)}
        </div>
      ))}
      <div className="field">
        <label htmlFor="site-logo">Logo</label>
        <input
          id="site-logo"
          name="logo"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          {...invalidProps('logo')}
        />
        {message('logo')}
      </div>
      <div className="field">
        <label htmlFor="site-accent">Accent color</label>
        <input
          id="site-accent"
          name="accent_color"
          type="color"
          defaultValue={props.accent || '#5b4bdb'}
          {...invalidProps('accent_color')}
        />
        {message('accent_color')}
      </div>
      <div className="field">
        <label htmlFor="site-welcome">Welcome text</label>
        <textarea id="site-welcome" name="welcome" rows={5} defaultValue={props.welcome} {...invalidProps('welcome')} />
        {message('welcome')}
      </div>
      <label className="checkbox">
        <input type="checkbox" name="require_approval" defaultChecked={props.requireApproval} /> New ideas wait for
        staff approval
      </label>
      <label className="checkbox">
        <input type="checkbox" name="allow_signups" defaultChecked={props.allowSignups} /> Anyone may sign up
      </label>
      <label className="checkbox">
        <input type="checkbox" name="author_votes" defaultChecked={props.authorVotes} /> A new idea starts with its
        author’s vote
      </label>
      {error && error.kind !== 'validation' && <p className="alert error">{error.message}</p>}
      <div role="status">{saved && <p className="alert success">Saved. Reload to see the new branding.</p>}</div>
      <button type="submit" className="button primary">
        Save settings
      </button>
    </form>
  );
}
