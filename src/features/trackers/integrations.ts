// Admin integrations: the tracker connections, a new one (its token pasted once, a GitHub or Jira webhook secret
// shown once), fetching a tracker's states, mapping them to statuses, switching a connection on or off, deleting it.
// Every action answers with the shared toast; a refused action changes nothing on screen.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import type { AppError } from '../../lib/pb/errors';
import { getClient } from '../../stores/client';
import { attempt, toasted } from '../staff/staff-action';
import {
  createConnection,
  deleteConnection,
  fetchStates,
  type NewConnection,
  setCredentials,
  type TrackerConnection,
  type TrackerCredentials,
  updateConnection,
} from './trackers-data';

export const $connections = atom<TrackerConnection[]>([]);
/** The webhook secret of the GitHub or Jira connection just made, shown until the admin dismisses it. */
export const $newSecret = atom<{ id: string; secret: string } | null>(null);

export function startConnections(initial: TrackerConnection[]): void {
  $connections.set(initial);
}

const replace = (next: TrackerConnection) =>
  $connections.set($connections.get().map((c) => (c.id === next.id ? { ...c, ...next } : c)));

/** Creates a connection and pastes its credentials; null when made, else the refusal (shown by the fields). */
export async function addConnection(data: NewConnection, credentials: TrackerCredentials): Promise<AppError | null> {
  const pb = getClient();
  const added = await attempt(
    async () => {
      const made = await createConnection(pb, data);
      try {
        await setCredentials(pb, made.id, credentials);
      } catch (error) {
        // refused credentials (an email that is no address): leave nothing half made behind
        await deleteConnection(pb, made.id).catch(() => false);
        throw error;
      }
      return made;
    },
    translate('integrations', 'added'),
  );
  if (!added.ok) return added.error;
  const { webhook_secret, ...made } = added.value;
  $connections.set([...$connections.get(), made]);
  if (webhook_secret) $newSecret.set({ id: made.id, secret: webhook_secret });
  return null;
}

export async function pasteCredentials(id: string, data: TrackerCredentials): Promise<boolean> {
  return (
    (await toasted(() => setCredentials(getClient(), id, data), translate('integrations', 'credentialsSaved'))) !== null
  );
}

export async function loadStates(id: string): Promise<void> {
  const states = await toasted(() => fetchStates(getClient(), id), translate('integrations', 'statesFetched'));
  const current = $connections.get().find((c) => c.id === id);
  if (states && current) replace({ ...current, states });
}

export async function saveConnection(id: string, data: Parameters<typeof updateConnection>[2]): Promise<void> {
  const saved = await toasted(() => updateConnection(getClient(), id, data), translate('integrations', 'saved'));
  if (saved) replace(saved);
}

export async function removeConnection(id: string): Promise<void> {
  const done = await toasted(() => deleteConnection(getClient(), id), translate('integrations', 'deleted'));
  if (done) $connections.set($connections.get().filter((c) => c.id !== id));
}
