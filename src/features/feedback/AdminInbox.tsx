// The staff feedback inbox (issue 58): each item with where it came from, who said it (their account, company, plan
// and revenue), the quote, the suggested ideas to choose from and the three actions; keyboard-first (j/k move,
// l link to the chosen idea, n new idea, d dismiss), counts and a filter per source, live as items arrive.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { currentLocale, translator } from '../../i18n/current';
import { NamedOptions } from '../../ui/Options';
import Toaster from '../../ui/Toaster';
import { formatMoney } from '../customers/money';
import {
  $arrived,
  $chosen,
  $drafting,
  $inbox,
  $selectedId,
  $source,
  choose,
  chosenIdea,
  closeDraft,
  createIdea,
  dismissSelected,
  linkSelected,
  move,
  openDraft,
  select,
  setSource,
  startInbox,
} from './feedback';
import {
  type BoardChoice,
  FEEDBACK_SOURCES,
  type FeedbackInbox,
  type FeedbackItem,
  type FeedbackSource,
} from './feedback-data';

// i18n-keys: feedback.source_*
const t = translator('feedback');

function formatWhen(date: string): string {
  const when = new Date(date.replace(' ', 'T'));
  return Number.isNaN(when.getTime())
    ? ''
    : new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(when);
}

/** Whether a key press belongs to a field (typing) rather than to the inbox's shortcuts. */
function typing(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (event.metaKey || event.ctrlKey || event.altKey) return true;
  if (!target) return false;
  const tag = target.tagName;
  const choice =
    tag === 'INPUT' && ['radio', 'checkbox', 'button', 'submit'].includes((target as HTMLInputElement).type);
  return target.isContentEditable || (tag === 'INPUT' && !choice) || tag === 'TEXTAREA' || tag === 'SELECT';
}

function SourceFilter() {
  const inbox = useStore($inbox);
  const source = useStore($source);
  if (!inbox) return null;
  const total = FEEDBACK_SOURCES.reduce((sum, one) => sum + (inbox.counts[one] ?? 0), 0);
  const options: (FeedbackSource | '')[] = ['', ...FEEDBACK_SOURCES];
  return (
    <nav className="feedback-sources" aria-label={t('filterLabel')}>
      {options.map((one) => (
        <button
          key={one || 'all'}
          type="button"
          className="button"
          aria-pressed={source === one}
          data-source={one || 'all'}
          onClick={() => void setSource(one)}
        >
          {t('sourceCount', {
            source: one ? t(`source_${one}`) : t('filterAll'),
            count: one ? (inbox.counts[one] ?? 0) : total,
          })}
        </button>
      ))}
    </nav>
  );
}

function Who({ item }: { item: FeedbackItem }) {
  const name = item.author_name || item.author_email;
  const company = item.company;
  return (
    <p className="feedback-who">
      <strong>{name}</strong>
      {item.author_name && item.author_email && <span className="muted"> &lt;{item.author_email}&gt;</span>}
      {' · '}
      {item.member ? (
        <a href={`/admin/members/${item.member.id}`}>{t('customer')}</a>
      ) : (
        <span className="muted">{t('noAccount')}</span>
      )}
      {company && (
        <>
          <br />
          {company.plan
            ? t('companyLine', {
                company: company.name,
                plan: company.plan,
                revenue: formatMoney(currentLocale(), company.monthly_revenue),
              })
            : t('companyLineNoPlan', {
                company: company.name,
                revenue: formatMoney(currentLocale(), company.monthly_revenue),
              })}
        </>
      )}
    </p>
  );
}

function NewIdeaForm({ item, boards }: { item: FeedbackItem; boards: BoardChoice[] }) {
  const [title, setTitle] = useState((item.summary?.title || item.title).slice(0, 120));
  const [board, setBoard] = useState(boards[0]?.id ?? '');
  const titleRef = useRef<HTMLInputElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void createIdea(item, { board, title });
  };
  return (
    <form
      className="feedback-new-idea"
      onSubmit={submit}
      onKeyDown={(event) => event.key === 'Escape' && closeDraft()}
      aria-label={t('newIdeaForm')}
    >
      <label>
        {t('ideaTitle')}
        <input ref={titleRef} value={title} maxLength={120} required onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label>
        {t('board')}
        <select value={board} onChange={(e) => setBoard(e.target.value)} required>
          <NamedOptions records={boards} />
        </select>
      </label>
      <p className="staff-flags">
        <button type="submit" className="button primary">
          {t('createAndLink')}
        </button>
        <button type="button" className="button" onClick={closeDraft}>
          {t('cancel')}
        </button>
      </p>
    </form>
  );
}

function Item({ item, selected, boards }: { item: FeedbackItem; selected: boolean; boards: BoardChoice[] }) {
  useStore($chosen);
  const drafting = useStore($drafting) === item.id;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (selected && !ref.current?.contains(document.activeElement)) ref.current?.focus({ preventScroll: false });
  }, [selected]);
  const chosen = chosenIdea(item);
  const name = item.author_name || item.author_email;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard moves with j/k (the page's shortcuts)
    <article
      ref={ref}
      className="feedback-item"
      data-feedback={item.id}
      data-selected={selected}
      aria-current={selected ? 'true' : undefined}
      aria-label={t('itemLabel', { name })}
      tabIndex={-1}
      onClick={() => select(item.id)}
    >
      <header className="feedback-meta">
        <span className="feedback-source">{t(`source_${item.source}`)}</span>
        <span className="muted">{formatWhen(item.created)}</span>
        {item.source_url && (
          <a href={item.source_url} rel="noopener noreferrer">
            {item.source === 'mail' ? t('replyByEmail') : t('openSource')}
          </a>
        )}
      </header>
      <Who item={item} />
      {item.title && <h2 className="feedback-title">{item.title}</h2>}
      <blockquote className="feedback-quote">{item.quote}</blockquote>
      {item.summary && (
        <p className="feedback-summary" data-summary-by={item.summary.by}>
          {t('summaryTitle', { title: item.summary.title })}
          {item.summary.need && (
            <>
              <br />
              {t('summaryNeed', { need: item.summary.need })}
            </>
          )}
        </p>
      )}
      {item.note && (
        <p className="feedback-note">
          {item.captured_by ? t('noteBy', { name: item.captured_by.name, note: item.note }) : item.note}
        </p>
      )}
      <fieldset className="feedback-suggestions">
        <legend>{t('suggested')}</legend>
        {item.suggestions.length === 0 && <p className="muted">{t('noSuggestion')}</p>}
        {item.suggestions.map((one) => (
          <label key={one.id}>
            <input
              type="radio"
              name={`idea-${item.id}`}
              value={one.id}
              checked={chosen === one.id}
              onChange={() => choose(item.id, one.id)}
            />{' '}
            {t('ideaChoice', { title: one.title, count: one.vote_count })}{' '}
            <a href={`/p/${one.id}`} className="muted">
              {t('view')}
            </a>
          </label>
        ))}
      </fieldset>
      {drafting ? (
        <NewIdeaForm item={item} boards={boards} />
      ) : (
        <p className="staff-flags feedback-actions">
          <button
            type="button"
            className="button primary"
            disabled={!chosen}
            aria-keyshortcuts="l"
            onClick={() => void linkSelected(item)}
          >
            {t('link')}
          </button>
          <button type="button" className="button" aria-keyshortcuts="n" onClick={() => openDraft(item.id)}>
            {t('newIdea')}
          </button>
          <button type="button" className="button" aria-keyshortcuts="d" onClick={() => void dismissSelected(item)}>
            {t('dismiss')}
          </button>
        </p>
      )}
    </article>
  );
}

export default function AdminInbox({
  initial,
  source,
  boards,
}: {
  initial: FeedbackInbox;
  source: FeedbackSource | '';
  boards: BoardChoice[];
}) {
  const inbox = useStore($inbox) ?? initial;
  const selectedId = useStore($selectedId);
  const arrived = useStore($arrived);
  useEffect(() => startInbox(initial, source), [initial, source]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event) || $drafting.get()) return;
      const keys: Record<string, () => void> = {
        j: () => move(1),
        k: () => move(-1),
        l: () => void linkSelected(),
        n: () => $selectedId.get() && openDraft($selectedId.get()),
        d: () => void dismissSelected(),
      };
      const run = keys[event.key];
      if (!run) return;
      event.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="feedback-inbox" data-testid="feedback-inbox">
      <p className="feedback-address">
        {inbox.mail_address ? (
          <>
            {t('mailAddress')} <code data-testid="feedback-mail-address">{inbox.mail_address}</code>
          </>
        ) : (
          t('mailOff')
        )}
      </p>
      <p className="muted" id="feedback-keys">
        {t('shortcuts')}
      </p>
      <SourceFilter />
      <p className="visually-hidden" aria-live="polite">
        {arrived ? t('arrived', { name: arrived }) : ''}
      </p>
      {inbox.items.length === 0 ? (
        <p data-testid="feedback-empty">{t('empty')}</p>
      ) : (
        <div className="feedback-list" aria-describedby="feedback-keys">
          {inbox.items.map((item) => (
            <Item key={item.id} item={item} selected={item.id === selectedId} boards={boards} />
          ))}
        </div>
      )}
      <Toaster />
    </div>
  );
}
