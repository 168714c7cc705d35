// Staff-only: the idea's issues in GitHub, Linear or Jira, with "Create an issue" per connection, a form to link an
// existing issue, and unlink. Loaded only on staff's idea pages (features/trackers/StaffTrackers.astro).
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import { translator } from '../../i18n/current';
import { NamedOptions } from '../../ui/Options';
import { $links, $trackerBusy, createIssue, linkIssue, startLinks, unlink } from './trackers';
import { stateName, type TrackerConnection, type TrackerLink } from './trackers-data';

interface Props {
  postId: string;
  connections: TrackerConnection[];
  links: TrackerLink[];
}

export default function StaffTrackers({ postId, connections, links: initial }: Props) {
  const t = translator('trackers');
  const links = useStore($links);
  const busy = useStore($trackerBusy);
  useEffect(() => startLinks(initial), [initial]);
  const byId = new Map(connections.map((c) => [c.id, c]));

  async function submitLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    if (await linkIssue(String(data.get('connection')), postId, String(data.get('issue') ?? ''))) form.reset();
  }

  return (
    <section className="card staff-trackers" aria-labelledby="staff-trackers-title" data-testid="staff-trackers">
      <h2 id="staff-trackers-title">{t('panelTitle')}</h2>
      {links.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <ul className="tracker-links">
          {links.map((link) => (
            <li key={link.id} data-testid="tracker-link">
              <a href={link.url} rel="noopener noreferrer" target="_blank">
                {link.issue_key} {link.title}
              </a>{' '}
              <span className="tracker-state">{stateName(byId.get(link.connection), link.state)}</span>{' '}
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => unlink(link)}
                aria-label={t('unlinkWhich', { issue: link.issue_key })}
              >
                {t('unlink')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="tracker-actions">
        {connections.map((connection) => (
          <button
            key={connection.id}
            type="button"
            className="button"
            disabled={busy}
            onClick={() => createIssue(connection.id, postId)}
          >
            {t('create', { tracker: connection.name })}
          </button>
        ))}
      </p>
      <form className="tracker-link-form" onSubmit={submitLink}>
        <label>
          {t('connectionLabel')}{' '}
          <select name="connection">
            <NamedOptions records={connections} />
          </select>
        </label>{' '}
        <label>
          {t('issueLabel')} <input name="issue" required maxLength={300} placeholder={t('issuePlaceholder')} />
        </label>{' '}
        <button type="submit" className="button" disabled={busy}>
          {t('linkButton')}
        </button>
      </form>
    </section>
  );
}
