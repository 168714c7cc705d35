// Admin integrations: connect a GitHub repository, a Linear team or a Jira Cloud project (the token pasted once,
// never shown again), see
// the webhook address to paste in the tracker, fetch the tracker's states and map each to a status, switch comment
// back and the connection on or off, delete it.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { translator } from '../../i18n/current';
import { FieldFrame } from '../../ui/FieldFrame';
import { NamedOptions } from '../../ui/Options';
import Toaster from '../../ui/Toaster';
import {
  $connections,
  $newSecret,
  addConnection,
  loadStates,
  pasteCredentials,
  removeConnection,
  saveConnection,
  startConnections,
} from './integrations';
import type { TrackerConnection, TrackerProvider } from './trackers-data';

interface Status {
  id: string;
  name: string;
}

function AddForm() {
  const t = translator('integrations');
  const [provider, setProvider] = useState<TrackerProvider>('github');
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const where =
      provider === 'github'
        ? { repository: data.repository ?? '' }
        : provider === 'jira'
          ? { site_url: data.site_url ?? '', project_key: (data.project_key ?? '').toUpperCase() }
          : { team_id: data.team_id ?? '', team_key: data.team_key ?? '' };
    const refused = await addConnection(
      { provider, name: data.connection_name ?? '', ...where },
      {
        token: data.token ?? '',
        ...(data.account_email ? { account_email: data.account_email } : {}),
        ...(data.webhook_secret ? { webhook_secret: data.webhook_secret } : {}),
      },
    );
    setErrors(refused?.kind === 'validation' ? refused.fields : {});
    if (!refused) form.reset();
  }
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="add-integration">
      <h2 id="add-integration">{t('addTitle')}</h2>
      <label>
        {t('provider')}{' '}
        <select
          name="provider"
          value={provider}
          onChange={(e) => setProvider(e.currentTarget.value as TrackerProvider)}
        >
          <option value="github">GitHub</option>
          <option value="linear">Linear</option>
          <option value="jira">Jira Cloud</option>
        </select>
      </label>
      <label>
        {t('name')} <input name="connection_name" required maxLength={120} />
      </label>
      {provider === 'github' ? (
        <label>
          {t('repository')}{' '}
          <input
            name="repository"
            required
            maxLength={200}
            pattern="[A-Za-z0-9_.\-]+/[A-Za-z0-9_.\-]+"
            placeholder="owner/repo"
          />
        </label>
      ) : provider === 'jira' ? (
        <>
          <FieldFrame id="jira-site" label={t('siteUrl')} error={errors.site_url}>
            {(control) => (
              <input
                {...control}
                name="site_url"
                type="url"
                required
                maxLength={200}
                pattern="https://.+"
                placeholder="https://acme.atlassian.net"
              />
            )}
          </FieldFrame>
          <FieldFrame id="jira-project" label={t('projectKey')} error={errors.project_key}>
            {(control) => (
              <input
                {...control}
                name="project_key"
                required
                maxLength={10}
                pattern="[A-Za-z][A-Za-z0-9_]{1,9}"
                placeholder="ENG"
              />
            )}
          </FieldFrame>
          <FieldFrame id="jira-email" label={t('accountEmail')} error={errors.account_email}>
            {(control) => (
              <input {...control} name="account_email" type="email" required maxLength={200} autoComplete="off" />
            )}
          </FieldFrame>
        </>
      ) : (
        <>
          <label>
            {t('teamId')} <input name="team_id" required maxLength={100} />
          </label>
          <label>
            {t('teamKey')} <input name="team_key" required maxLength={20} placeholder="ENG" />
          </label>
          <label>
            {t('signingSecret')} <input name="webhook_secret" type="password" autoComplete="off" maxLength={200} />
          </label>
        </>
      )}
      <label>
        {t('token')} <input name="token" type="password" autoComplete="off" required maxLength={500} />
      </label>
      <p>{t(provider === 'github' ? 'tokenHelpGithub' : provider === 'jira' ? 'tokenHelpJira' : 'tokenHelpLinear')}</p>
      <p>
        <button type="submit" className="button">
          {t('add')}
        </button>
      </p>
    </form>
  );
}

function Connection({
  connection,
  statuses,
  siteUrl,
}: {
  connection: TrackerConnection;
  statuses: Status[];
  siteUrl: string;
}) {
  const t = translator('integrations');
  const newSecret = useStore($newSecret);
  const address = `${siteUrl}/integrations/${connection.provider}/${connection.id}`;
  function submitMap(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const map: Record<string, string> = {};
    for (const state of connection.states ?? []) {
      const status = String(form.get(`state-${state.key}`) ?? '');
      if (status) map[state.key] = status;
    }
    void saveConnection(connection.id, { state_map: map });
  }
  function submitToken(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    void pasteCredentials(connection.id, {
      ...(data.token ? { token: data.token } : {}),
      ...(data.account_email ? { account_email: data.account_email } : {}),
      ...(data.webhook_secret ? { webhook_secret: data.webhook_secret } : {}),
    }).then((ok) => ok && form.reset());
  }
  return (
    <section className="card stack" data-testid="integration" aria-labelledby={`integration-${connection.id}`}>
      <h2 id={`integration-${connection.id}`}>
        {connection.name} (
        {connection.provider === 'github'
          ? `GitHub ${connection.repository}`
          : connection.provider === 'jira'
            ? `Jira ${connection.project_key}`
            : `Linear ${connection.team_key}`}
        )
      </h2>
      <p>
        {t('webhookAddress')} <code data-testid="webhook-address">{address}</code>
      </p>
      {newSecret?.id === connection.id && (
        <p className="notice" data-testid="integration-secret">
          {t(connection.provider === 'jira' ? 'secretOnceJira' : 'secretOnce')} <code>{newSecret.secret}</code>
        </p>
      )}
      <p className="staff-flags">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={connection.active}
            onChange={(e) => saveConnection(connection.id, { active: e.currentTarget.checked })}
          />{' '}
          {t('active')}
        </label>{' '}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={connection.comment_back}
            onChange={(e) => saveConnection(connection.id, { comment_back: e.currentTarget.checked })}
          />{' '}
          {t('commentBack')}
        </label>
      </p>
      <p>
        <button type="button" className="button" onClick={() => loadStates(connection.id)}>
          {t('fetchStates')}
        </button>
      </p>
      {connection.states && connection.states.length > 0 && (
        <form onSubmit={submitMap} aria-label={t('mapTitle', { name: connection.name })}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('trackerState')}</th>
                <th scope="col">{t('chorusStatus')}</th>
              </tr>
            </thead>
            <tbody>
              {connection.states.map((state) => (
                <tr key={state.key}>
                  <td>{state.category ? t('anyInCategory', { name: state.name }) : state.name}</td>
                  <td>
                    <select
                      name={`state-${state.key}`}
                      defaultValue={connection.state_map?.[state.key] ?? ''}
                      aria-label={t('statusFor', {
                        state: state.category ? t('anyInCategory', { name: state.name }) : state.name,
                      })}
                    >
                      <option value="">{t('unchanged')}</option>
                      <NamedOptions records={statuses} />
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <button type="submit" className="button">
              {t('saveMap')}
            </button>
          </p>
        </form>
      )}
      <form onSubmit={submitToken} className="stack" aria-label={t('replaceCredentials', { name: connection.name })}>
        <label>
          {t('newToken')} <input name="token" type="password" autoComplete="off" maxLength={500} />
        </label>
        {connection.provider === 'jira' && (
          <label>
            {t('accountEmail')} <input name="account_email" type="email" autoComplete="off" maxLength={200} />
          </label>
        )}
        {connection.provider !== 'github' && (
          <label>
            {t('signingSecret')} <input name="webhook_secret" type="password" autoComplete="off" maxLength={200} />
          </label>
        )}
        <p>
          <button type="submit" className="button">
            {t('saveCredentials')}
          </button>{' '}
          <button
            type="button"
            className="button danger"
            data-confirm={t('confirmDelete', { name: connection.name })}
            onClick={() => removeConnection(connection.id)}
          >
            {t('delete')}
          </button>
        </p>
      </form>
    </section>
  );
}

export default function AdminIntegrations({
  initial,
  statuses,
  siteUrl,
}: {
  initial: TrackerConnection[];
  statuses: Status[];
  siteUrl: string;
}) {
  const connections = useStore($connections);
  useEffect(() => startConnections(initial), [initial]);
  return (
    <>
      {connections.map((connection) => (
        <Connection key={connection.id} connection={connection} statuses={statuses} siteUrl={siteUrl} />
      ))}
      <AddForm />
      <Toaster />
    </>
  );
}
