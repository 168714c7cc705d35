// An outside service's settings through PocketBase (`/api/chorus/<service>/settings`, admins only): read without its
// secrets, changed with the fields given (an empty secret keeps the one set). Slack, Zendesk, Intercom, Stripe, HubSpot.
import type { PocketBase } from './client';

/** What every service's settings carry: whether it is on, and when its last event came ('' before any). */
export interface ConnectionSettings {
  active: boolean;
  last_event_at: string;
}

/** A service that keeps its last event's type and how it went beside its time (the hooks' `events: 'typed'`). */
export interface TypedLastEvent {
  last_event_type: string;
  last_outcome: string;
}

/** `service`'s settings read and written (a feature's *-data.ts names them: readSlackSettings, writeSlackSettings). */
export function connectionSettingsApi<Settings, Input>(service: string) {
  const path = `/api/chorus/${service}/settings`;
  return {
    read: (pb: PocketBase): Promise<Settings> => pb.send(path, { method: 'GET' }),
    write: (pb: PocketBase, input: Input): Promise<Settings> => pb.send(path, { method: 'POST', body: input }),
  };
}
