// An outside service's settings through PocketBase (`/api/chorus/<service>/settings`, admins only): read without its
// secrets, changed with the fields given (an empty secret keeps the one set). Slack, Zendesk, Stripe, HubSpot.
import type { PocketBase } from './client';

export function readConnectionSettings<Settings>(pb: PocketBase, service: string): Promise<Settings> {
  return pb.send(`/api/chorus/${service}/settings`, { method: 'GET' });
}

export function writeConnectionSettings<Settings, Input>(
  pb: PocketBase,
  service: string,
  input: Input,
): Promise<Settings> {
  return pb.send(`/api/chorus/${service}/settings`, { method: 'POST', body: input });
}
