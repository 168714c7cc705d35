// An idea's linked issues on its staff panel: create an issue from the idea, link an existing one, unlink.
// Each action answers with the shared toast; a refused action (tracker down, unknown issue) changes nothing.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { getClient } from '../../stores/client';
import { toasted } from '../staff/staff-action';
import { createIssueFromIdea, linkExistingIssue, type TrackerLink, unlinkIssue } from './trackers-data';

export const $links = atom<TrackerLink[]>([]);
export const $trackerBusy = atom(false);

export function startLinks(initial: TrackerLink[]): void {
  $links.set(initial);
}

async function act<T>(send: () => Promise<T>, done: string): Promise<T | null> {
  $trackerBusy.set(true);
  try {
    return await toasted(send, done);
  } finally {
    $trackerBusy.set(false);
  }
}

export async function createIssue(connection: string, post: string): Promise<void> {
  const link = await act(() => createIssueFromIdea(getClient(), connection, post), translate('trackers', 'created'));
  if (link) $links.set([...$links.get(), link]);
}

export async function linkIssue(connection: string, post: string, issue: string): Promise<boolean> {
  const link = await act(
    () => linkExistingIssue(getClient(), connection, post, issue),
    translate('trackers', 'linked'),
  );
  if (link) $links.set([...$links.get(), link]);
  return link !== null;
}

export async function unlink(link: TrackerLink): Promise<void> {
  const done = await act(() => unlinkIssue(getClient(), link.id).then(() => true), translate('trackers', 'unlinked'));
  if (done) $links.set($links.get().filter((other) => other.id !== link.id));
}
