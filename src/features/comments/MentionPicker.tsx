// Suggests people to mention while someone types `@name` in a comment box (loaded once a comment is started, not with
// the page): who may see the idea, from GET /api/chorus/posts/{id}/mentionable; picking one writes
// `@[Name](user:id)` (src/lib/markdown.ts shows it as the name). Arrow keys, Enter or Tab, and Escape work.
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { translator } from '../../i18n/current';
import { toAvatarSrc } from '../../lib/pb/avatar';
import { getClient } from '../../stores/client';
import { Avatar } from '../../ui/Avatar';

interface Person {
  id: string;
  collectionId: string;
  name: string;
  avatar: string;
  avatar_url?: string;
}
interface Props {
  postId: string;
  textarea: RefObject<HTMLTextAreaElement | null>;
  internal: boolean;
  onPick: (body: string, caret: number) => void;
}

/** The `@word` being typed just before the caret, or null. */
function typedMention(area: HTMLTextAreaElement): { start: number; query: string } | null {
  const before = area.value.slice(0, area.selectionStart ?? 0);
  const match = /(^|\s)@([^\s@[\]()]{0,30})$/.exec(before);
  const query = match?.[2];
  return query === undefined ? null : { start: before.length - query.length - 1, query };
}

export default function MentionPicker({ postId, textarea, internal, onPick }: Props) {
  const t = translator('mentions');
  const id = useId();
  const [typed, setTyped] = useState<{ start: number; query: string } | null>(null);
  const [people, setPeople] = useState<Person[] | null>(null);
  const [active, setActive] = useState(0);
  const state = useRef({ typed, people, active });
  state.current = { typed, people, active };

  // Follow the caret: every keystroke, click or selection change in the box.
  useEffect(() => {
    const area = textarea.current;
    if (!area) return;
    const update = () => setTyped(typedMention(area));
    update();
    const events = ['input', 'click', 'keyup', 'focus'] as const;
    for (const name of events) area.addEventListener(name, update);
    const blur = () => setTimeout(() => setTyped(null), 150);
    area.addEventListener('blur', blur);
    return () => {
      for (const name of events) area.removeEventListener(name, update);
      area.removeEventListener('blur', blur);
    };
  }, [textarea]);

  // Ask the server after a short pause in typing; an answer to an older query is dropped.
  const query = typed?.query;
  useEffect(() => {
    if (query === undefined) return setPeople(null);
    let current = true;
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: query, ...(internal ? { internal: '1' } : {}) });
      getClient()
        .send<{ items: Person[] }>(`/api/chorus/posts/${encodeURIComponent(postId)}/mentionable?${params}`, {
          requestKey: null,
        })
        .then(({ items }) => {
          if (!current) return;
          setPeople(items);
          setActive(0);
        })
        .catch(() => current && setPeople([]));
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, internal, postId]);

  const pick = (person: Person) => {
    const area = textarea.current;
    const at = state.current.typed;
    if (!area || !at) return;
    const name = person.name.replace(/[[\]\n\r()]/g, ' ').trim();
    const inserted = `@[${name}](user:${person.id}) `;
    const end = area.selectionStart ?? at.start;
    onPick(area.value.slice(0, at.start) + inserted + area.value.slice(end), at.start + inserted.length);
    setTyped(null);
  };

  // Keys on the box itself, while the list is open.
  useEffect(() => {
    const area = textarea.current;
    if (!area) return;
    const keydown = (event: KeyboardEvent) => {
      const { typed: open, people: list, active: index } = state.current;
      if (!open || !list || list.length === 0) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index + step + list.length) % list.length);
      } else if (event.key === 'Enter' || event.key === 'Tab') {
        const person = list[index];
        if (!person) return;
        event.preventDefault();
        pick(person);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        setTyped(null);
      }
    };
    area.addEventListener('keydown', keydown);
    return () => area.removeEventListener('keydown', keydown);
  });

  const open = Boolean(typed && people);
  useEffect(() => {
    const area = textarea.current;
    if (!area) return;
    area.setAttribute('aria-expanded', String(open));
    area.setAttribute('aria-controls', id);
    area.setAttribute('aria-autocomplete', 'list');
    if (open && people?.[active]) area.setAttribute('aria-activedescendant', `${id}-${people[active].id}`);
    else area.removeAttribute('aria-activedescendant');
  });

  if (!typed || !people) return null;
  return (
    <div id={id} className="mention-picker" role="listbox" aria-label={t('suggestions')}>
      {people.length === 0 && (
        <div className="mention-none" role="option" tabIndex={-1} aria-selected="false" aria-disabled="true">
          {t('noOne')}
        </div>
      )}
      {people.map((person, index) => (
        <div
          key={person.id}
          tabIndex={-1}
          id={`${id}-${person.id}`}
          role="option"
          aria-selected={index === active}
          onMouseDown={(event) => {
            event.preventDefault();
            pick(person);
          }}
        >
          <Avatar
            user={{
              name: person.name,
              avatarUrl: toAvatarSrc(getClient(), person.id, person.avatar, person.avatar_url),
            }}
            size={24}
          />{' '}
          {person.name}
        </div>
      ))}
    </div>
  );
}
