// Merge this idea into another: search by title, pick one, confirm. Votes and followers move; the page
// then opens the target.
import { type FormEvent, useState } from 'react';
import type { PostSearchHit } from '../lib/pb/staff';
import { countOf, VOTES } from '../lib/plural';
import { findMergeTargets, mergeInto } from '../stores/staff';

export default function StaffMerge() {
  const [hits, setHits] = useState<PostSearchHit[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '');
    setBusy(true);
    setHits(await findMergeTargets(query));
    setBusy(false);
  }

  function merge(hit: PostSearchHit) {
    if (window.confirm(`Merge this idea into “${hit.title}”? Its votes and followers move there.`))
      void mergeInto(hit.id);
  }

  return (
    <section className="staff-merge" aria-labelledby="staff-merge-title">
      <h3 id="staff-merge-title">Merge into another idea</h3>
      <form className="inline-form" onSubmit={search}>
        <label htmlFor="merge-q" className="visually-hidden">
          Search ideas to merge into
        </label>
        <input id="merge-q" name="q" type="search" placeholder="Search by title" minLength={2} />
        <button type="submit" className="button" disabled={busy}>
          Search
        </button>
      </form>
      <div aria-live="polite">
        {hits && hits.length === 0 && <p className="muted">No matching ideas.</p>}
        {hits && hits.length > 0 && (
          <ul className="merge-hits">
            {hits.map((hit) => (
              <li key={hit.id}>
                <span>
                  {hit.title} <span className="muted">({countOf(hit.vote_count, VOTES)})</span>
                </span>
                <button type="button" className="button" onClick={() => merge(hit)}>
                  Merge here
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
