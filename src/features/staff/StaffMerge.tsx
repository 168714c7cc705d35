// Merge this idea into another: search by title, pick one, confirm in place. Votes and followers move; the page
// then opens the target.
import { type FormEvent, useState } from 'react';
import { translator } from '../../i18n/current';
import AskFirst from '../../ui/AskFirst';
import { findMergeTargets, mergeInto } from './staff';
import type { PostSearchHit } from './staff-data';

export default function StaffMerge() {
  const t = translator('staffMerge');
  const [hits, setHits] = useState<PostSearchHit[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '');
    setBusy(true);
    setHits(await findMergeTargets(query));
    setBusy(false);
  }

  // Merging asks first, in place under the chosen idea, saying what moves (AskFirst).
  const [chosen, setChosen] = useState<PostSearchHit | null>(null);

  return (
    <section className="staff-merge" aria-labelledby="staff-merge-title">
      <h3 id="staff-merge-title">{t('heading')}</h3>
      <form className="inline-form" onSubmit={search}>
        <label htmlFor="merge-q" className="visually-hidden">
          {t('searchLabel')}
        </label>
        <input id="merge-q" name="q" type="search" placeholder={t('searchPlaceholder')} minLength={2} />
        <button type="submit" className="button" disabled={busy}>
          {t('search')}
        </button>
      </form>
      <div aria-live="polite">
        {hits && hits.length === 0 && <p className="muted">{t('noMatches')}</p>}
        {hits && hits.length > 0 && (
          <ul className="merge-hits">
            {hits.map((hit) => (
              <li key={hit.id}>
                <span>
                  {hit.title} <span className="muted">{t('votes', { count: hit.vote_count })}</span>
                </span>
                <button
                  type="button"
                  className="button"
                  data-merge={hit.id}
                  disabled={chosen !== null}
                  onClick={() => setChosen(hit)}
                >
                  {t('mergeHere')}
                </button>
                {chosen?.id === hit.id && (
                  <AskFirst
                    question={t('confirm', { title: hit.title })}
                    confirm={t('mergeHere')}
                    cancel={t('cancel')}
                    onConfirm={() => void mergeInto(hit.id)}
                    onCancel={() => {
                      setChosen(null);
                      requestAnimationFrame(() =>
                        document.querySelector<HTMLButtonElement>(`[data-merge="${hit.id}"]`)?.focus(),
                      );
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
