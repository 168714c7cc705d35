// The target of every email's unsubscribe link: one button, so link scanners change nothing.

import { useState } from 'react';
import { translator } from '../../i18n/current';
import { unsubscribeWith } from '../account/account';

type Done = 'unsubscribedComment' | 'unsubscribedStatus' | 'unsubscribedRelease' | 'unsubscribedOther';
const DONE: Record<string, Done> = {
  email_on_comment: 'unsubscribedComment',
  email_on_status: 'unsubscribedStatus',
  email_on_release: 'unsubscribedRelease',
};

export default function UnsubscribeConfirm({ token }: { token: string }) {
  const [state, setState] = useState<{ done?: Done; error?: string }>({});
  const t = translator('settings');
  async function confirm() {
    const result = await unsubscribeWith(token);
    setState(
      result.ok ? { done: DONE[result.value.preference] ?? 'unsubscribedOther' } : { error: result.error.message },
    );
  }
  return (
    <section className="card unsubscribe" aria-labelledby="unsubscribe-title">
      <h2 id="unsubscribe-title">{t('unsubscribe')}</h2>
      <div role="status">
        {state.done && <p className="alert success">{t(state.done)}</p>}
        {state.error && <p className="alert error">{state.error}</p>}
      </div>
      {!state.done && (
        <button type="button" className="button primary" onClick={confirm}>
          {t('stopEmails')}
        </button>
      )}
    </section>
  );
}
