// Record a customer's vote by their email (a new email gets an account they can claim later).
import { type FormEvent, useState } from 'react';
import { translator } from '../../i18n/current';
import { voteForCustomer } from './staff';

export default function StaffVoteOnBehalf() {
  const t = translator('staffBehalf');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const outcome = await voteForCustomer(String(new FormData(form).get('email') ?? ''));
    setResult(outcome.ok ? { ok: true, message: outcome.value } : { ok: false, message: outcome.error.message });
    if (outcome.ok) form.reset();
  }
  return (
    <section className="staff-behalf" aria-labelledby="staff-behalf-title">
      <h3 id="staff-behalf-title">{t('heading')}</h3>
      <form className="inline-form" onSubmit={submit} noValidate>
        <label htmlFor="behalf-email" className="visually-hidden">
          {t('emailLabel')}
        </label>
        <input
          id="behalf-email"
          name="email"
          type="email"
          placeholder="customer@example.com"
          aria-invalid={result && !result.ok ? true : undefined}
          aria-describedby="behalf-result"
        />
        <button type="submit" className="button">
          {t('addVote')}
        </button>
      </form>
      <p id="behalf-result" role="status" className={result?.ok === false ? 'field-error' : 'muted'}>
        {result?.message}
      </p>
    </section>
  );
}
