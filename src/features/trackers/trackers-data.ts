// Issue trackers for staff (pb_hooks/trackers/trackers.pb.js): the connections, an idea's linked issues, and the calls
// that create, link and unlink them. Admins also set a connection up (tracker_connections, credentials, states).
import type { PocketBase } from '../../lib/pb/client';

export type TrackerProvider = 'github' | 'linear' | 'jira';

/** A tracker's state; `category` marks a catch-all for every status of a Jira status category. */
export interface TrackerState {
  key: string;
  name: string;
  category?: boolean;
}

export interface TrackerConnection {
  id: string;
  provider: TrackerProvider;
  name: string;
  repository: string;
  team_key: string;
  site_url: string;
  project_key: string;
  states: TrackerState[] | null;
  state_map: Record<string, string> | null;
  comment_back: boolean;
  active: boolean;
}

export interface TrackerLink {
  id: string;
  connection: string;
  post: string;
  issue_key: string;
  url: string;
  title: string;
  state: string;
}

const CONNECTION_FIELDS =
  'id,provider,name,repository,team_key,site_url,project_key,states,state_map,comment_back,active';
const LINK_FIELDS = 'id,connection,post,issue_key,url,title,state';

export function listConnections(pb: PocketBase): Promise<TrackerConnection[]> {
  return pb
    .collection('tracker_connections')
    .getFullList<TrackerConnection>({ sort: 'name', fields: CONNECTION_FIELDS });
}

export function listLinks(pb: PocketBase, postId: string): Promise<TrackerLink[]> {
  return pb.collection('tracker_links').getFullList<TrackerLink>({
    filter: pb.filter('post = {:post}', { post: postId }),
    sort: 'created',
    fields: LINK_FIELDS,
  });
}

export function createIssueFromIdea(pb: PocketBase, connection: string, post: string): Promise<TrackerLink> {
  return pb.send(`/api/chorus/trackers/${encodeURIComponent(connection)}/issues`, { method: 'POST', body: { post } });
}

export function linkExistingIssue(
  pb: PocketBase,
  connection: string,
  post: string,
  issue: string,
): Promise<TrackerLink> {
  return pb.send(`/api/chorus/trackers/${encodeURIComponent(connection)}/links`, {
    method: 'POST',
    body: { post, issue },
  });
}

export function unlinkIssue(pb: PocketBase, link: string): Promise<void> {
  return pb.send(`/api/chorus/trackers/links/${encodeURIComponent(link)}`, { method: 'DELETE' });
}

/** The name of a link's state, from its connection's states (the key itself when unknown). */
export function stateName(connection: TrackerConnection | undefined, key: string): string {
  return connection?.states?.find((state) => state.key === key)?.name ?? key;
}

export interface NewConnection {
  provider: TrackerProvider;
  name: string;
  repository?: string;
  team_id?: string;
  team_key?: string;
  site_url?: string;
  project_key?: string;
}

export interface TrackerCredentials {
  token?: string;
  account_email?: string;
  webhook_secret?: string;
}

/** Creates a connection (inactive until its states are mapped); a GitHub or Jira one answers its webhook secret once. */
export function createConnection(
  pb: PocketBase,
  data: NewConnection,
): Promise<TrackerConnection & { webhook_secret?: string }> {
  return pb.collection('tracker_connections').create({ ...data, active: false, comment_back: false });
}

export function updateConnection(
  pb: PocketBase,
  id: string,
  data: Partial<Pick<TrackerConnection, 'active' | 'comment_back' | 'state_map' | 'name'>>,
): Promise<TrackerConnection> {
  return pb.collection('tracker_connections').update(id, data, { fields: CONNECTION_FIELDS });
}

export function deleteConnection(pb: PocketBase, id: string): Promise<boolean> {
  return pb.collection('tracker_connections').delete(id);
}

/** Pastes a token, Jira's account email and/or a webhook signing secret (never read back). */
export function setCredentials(pb: PocketBase, id: string, data: TrackerCredentials): Promise<unknown> {
  return pb.send(`/api/chorus/trackers/${encodeURIComponent(id)}/credentials`, { method: 'POST', body: data });
}

/** Asks the tracker for its states (also stored on the connection). */
export async function fetchStates(pb: PocketBase, id: string): Promise<TrackerState[]> {
  return (await pb.send<{ states: TrackerState[] }>(`/api/chorus/trackers/${encodeURIComponent(id)}/states`, {}))
    .states;
}
