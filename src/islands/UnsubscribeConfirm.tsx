// The target of every email's unsubscribe link: one button, so link scanners change nothing.
import { useState } from 'react';
import { unsubscribeWith } from '../stores/account';

const WHAT: Record<string, string> = {
  email_on_comment: 'comment emails',
  email_on_status: 'status emails',
  email_on_release: 'release emails',
};

export default function UnsubscribeConfirm({ token }: { token: string }) {
  const [state, setState] = useState<{ done?: string; error?: string }>({});
  async function confirm() {
    const result = await unsubscribeWith(token);
    setState(result.ok ? { done: WHAT[result.value.preference] ?? 'these emails' } : { error: result.error.message });
  }
  return (
    <section className="card unsubscribe" aria-labelledby="unsubscribe-title">
      <h2 id="unsubscribe-title">Unsubscribe</h2>
      <div role="status">
        {state.done && <p className="alert success">You will get no more {state.done}.</p>}
        {state.error && <p className="alert error">{state.error}</p>}
      </div>
      {!state.done && (
        <button type="button" className="button primary" onClick={confirm}>
          Stop these emails
        </button>
      )}
    </section>
  );
}
