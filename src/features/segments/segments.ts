// Segments for staff (issue #24): admins save them; their members are the server's (segment_members,
// recomputed by pb_hooks/segments/segments.pb.js); staff read both, and a few members' names as a preview.
import type { PocketBase } from '../../lib/pb/client';

export interface SegmentRow {
  id: string;
  name: string;
  description: string;
  conditions: unknown;
  member_count: number;
}

export function listSegments(pb: PocketBase): Promise<SegmentRow[]> {
  return pb
    .collection('segments')
    .getFullList<SegmentRow>({ sort: 'name', fields: 'id,name,description,conditions,member_count' });
}

/** The first few members of each segment, by name (one request for all of them). */
export async function previewMembers(pb: PocketBase, segments: SegmentRow[], perSegment = 5) {
  const preview: Record<string, string[]> = {};
  await Promise.all(
    segments.map(async (segment) => {
      const list = await pb.collection('segment_members').getList(1, perSegment, {
        filter: pb.filter('segment = {:segment}', { segment: segment.id }),
        expand: 'user',
        fields: 'expand.user.name,expand.user.id',
        skipTotal: true,
      });
      preview[segment.id] = list.items.map((row) => {
        const user = (row.expand as { user?: { name?: string; id: string } } | undefined)?.user;
        return user?.name || user?.id || '';
      });
    }),
  );
  return preview;
}

export function saveSegment(pb: PocketBase, id: string, data: Omit<SegmentRow, 'id' | 'member_count'>) {
  return id ? pb.collection('segments').update(id, data) : pb.collection('segments').create(data);
}

export function deleteSegment(pb: PocketBase, id: string) {
  return pb.collection('segments').delete(id);
}
