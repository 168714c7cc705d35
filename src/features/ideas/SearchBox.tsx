// The list's search box: a plain GET field that, once hydrated, also shows matching ideas as you type
// (an ARIA combobox with a listbox). Arrows move, Enter opens an idea, Escape closes.

import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { translate, translator } from '../../i18n/current';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { $search, closeSearch, IDLE_SEARCH, type SearchHit, searchAsYouType } from './search';

interface Props {
  /** The query the page was rendered for. */
  value: string;
  /** Search one board ('' for all). */
  board: string;
}

export default function SearchBox({ value, board }: Props) {
  const search = useClientStore($search, IDLE_SEARCH);
  const [active, setActive] = useState(-1);
  const t = translator('search');
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;
  const open = search.query !== '';
  const count = search.hits.length + 1; // the hits, then "all results"

  const submitAll = () => input.current?.form?.requestSubmit();
  const choose = (i: number) => {
    const hit: SearchHit | undefined = search.hits[i];
    if (hit) location.assign(`/p/${hit.id}`);
    else submitAll();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Positions -1 (the box itself) to count - 1, wrapping around.
      setActive((current) => ((current + 1 + step + count + 1) % (count + 1)) - 1);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setActive(-1);
      closeSearch();
    }
  };
  const summary = search.failed
    ? t('unavailable')
    : search.total === 0
      ? t('none')
      : t(search.totalCapped ? 'foundMany' : 'found', { count: search.total });

  return (
    <div className="search-box">
      <input
        ref={input}
        id="q"
        name="q"
        type="search"
        className="input"
        defaultValue={value}
        maxLength={200}
        placeholder={t('placeholder')}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        onInput={(event) => {
          setActive(-1);
          searchAsYouType(event.currentTarget.value, board);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setActive(-1);
          closeSearch();
        }}
      />
      <div id={listId} role="listbox" aria-label={t('matching')} className="search-results" hidden={!open}>
        {search.hits.map((hit, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (aria-activedescendant).
          <div
            key={hit.id}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(i)}
          >
            <span className="search-hit-title">{hit.title}</span>
            <span className="search-hit-meta">
              {hit.status && (
                <span className="status-pill" data-status={hit.status.slug}>
                  {hit.status.name}
                </span>
              )}
              {translate('vote', 'count', { count: hit.votes })}
            </span>
          </div>
        ))}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys. */}
        <div
          id={optionId(search.hits.length)}
          role="option"
          tabIndex={-1}
          aria-selected={active === search.hits.length}
          className="search-all"
          onMouseDown={(event) => event.preventDefault()}
          onClick={submitAll}
        >
          {t(search.failed ? 'searchFor' : 'allResults', { query: search.query })}
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {open ? summary : ''}
      </p>
    </div>
  );
}
