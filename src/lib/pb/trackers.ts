// Issue trackers for staff (pb_hooks/trackers.pb.js): the connections, an idea's linked issues, and the calls
// that create, link and unlink them. Admins also set a connection up (tracker_connections, credentials, states).
import type { PocketBase } from './client';

export interface TrackerConnection {
  id: string;
  provider: 'github' | 'linear';
  name: string;
  repository: string;
  team_key: string;
  states: { key: string; name: string }[] | null;
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

const CONNECTION_FIELDS = 'id,provider,name,repository,team_key,states,state_map,comment_back,active';
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
