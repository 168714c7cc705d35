// Picks the ideas a release shipped: search by title, add, remove. Hidden inputs carry the ids.
import { useState } from 'react';
import { translator } from '../../i18n/current';
import { ActionButton } from '../../ui/ActionButton';
import { findLinkableIdeas } from './changelog-editor';

export interface LinkedIdea {
  id: string;
  title: string;
}

export default function LinkedIdeasPicker({ initial }: { initial: LinkedIdea[] }) {
  const t = translator('adminChangelog');
  const [chosen, setChosen] = useState(initial);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<LinkedIdea[] | null>(null);
  async function search() {
    setHits(await findLinkableIdeas(query));
  }
  return (
    <fieldset className="linked-ideas">
      <legend>{t('linkedIdeas')}</legend>
      {chosen.map((idea) => (
        <input key={idea.id} type="hidden" name="posts" value={idea.id} />
      ))}
      <ul className="merge-hits" data-testid="linked-ideas">
        {chosen.map((idea) => (
          <li key={idea.id}>
            <span>{idea.title}</span>
            <ActionButton
              verb={t('unlink')}
              target={idea.title}
              onClick={() => setChosen(chosen.filter((c) => c.id !== idea.id))}
            />
          </li>
        ))}
      </ul>
      <div className="inline-form">
        <label htmlFor="idea-search" className="visually-hidden">
          {t('searchLabel')}
        </label>
        <input
          id="idea-search"
          type="search"
          value={query}
          placeholder={t('searchPlaceholder')}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
        />
        <button type="button" className="button" onClick={search}>
          {t('searchButton')}
        </button>
      </div>
      <ul className="merge-hits" aria-live="polite">
        {hits?.length === 0 && <li className="muted">{t('noMatches')}</li>}
        {hits
          ?.filter((hit) => !chosen.some((c) => c.id === hit.id))
          .map((hit) => (
            <li key={hit.id}>
              <span>{hit.title}</span>
              <ActionButton verb={t('link')} target={hit.title} onClick={() => setChosen([...chosen, hit])} />
            </li>
          ))}
      </ul>
    </fieldset>
  );
}
