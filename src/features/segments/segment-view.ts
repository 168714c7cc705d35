// Staff see a list or the roadmap through a segment ("what do Enterprise customers want?"): the ideas at
// least one of its members voted for, each with how many of its votes come from the segment. Only for staff:
// for anyone else `?segment=` is ignored before it reaches PocketBase (which would refuse the join anyway).
import { isStaff } from '../../lib/access';
import type { PocketBase } from '../../lib/pb/client';
import { copyRecords, keptAtVersion } from '../../lib/pb/kept-at-version';
import type { SessionUser } from '../../lib/pb/types';

export interface SegmentView {
  /** Every segment, for the staff-only select. */
  segments: { id: string; name: string }[];
  /** The segment the list is filtered by, or null. */
  active: { id: string; name: string } | null;
  /** Votes from the active segment per idea id. */
  votes: Record<string, number>;
}

/** The segment id a request may filter by: the one asked for, for staff; '' for everyone else. */
export function segmentFor(user: SessionUser | null, asked: string): string {
  return isStaff(user) ? asked : '';
}

/** The segments for staff (null for anyone else: nothing is read): every segment's id and name, the same for all
 * staff, kept per isolate under staff's version (`version`, a staff member's check named it; a segment's creation,
 * rename or removal renews it: pb_hooks/site/shell-version.pb.js). */
export async function loadSegmentChoices(pb: PocketBase, user: SessionUser | null, version: string | null = null) {
  if (!isStaff(user)) return null;
  const read = () => pb.collection('segments').getFullList<SegmentChoice>({ sort: 'name', fields: 'id,name' });
  return keptAtVersion('staff segments', version, read, copyRecords);
}

type SegmentChoice = SegmentView['segments'][number];

/** Votes from `segment` for each of `postIds` (one request; {} without a segment or ideas). */
export async function loadSegmentVotes(pb: PocketBase, segment: string, postIds: string[]) {
  if (!segment || postIds.length === 0) return {};
  return pb.send<Record<string, number>>('/api/chorus/segment-votes', {
    query: { segment, posts: postIds.join(',') },
  });
}

/** The view for staff (null for anyone else), once the ideas shown are known. */
export async function loadSegmentView(
  pb: PocketBase,
  choices: { id: string; name: string }[] | null,
  segment: string,
  postIds: string[],
): Promise<SegmentView | null> {
  if (!choices) return null;
  const active = choices.find((s) => s.id === segment) ?? null;
  const votes = active ? await loadSegmentVotes(pb, active.id, postIds) : {};
  return { segments: choices, active, votes };
}
