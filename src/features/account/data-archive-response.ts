// The answer of the two archive downloads (a member's own, an admin's for a member): the zip built from
// PocketBase's answer, or a redirect back to the page with why it failed (rate limit, not found, other).

import type { PocketBase } from '../../lib/pb/client';
import { isNotFound, isRateLimited } from '../../lib/pb/errors';
import { archiveName, buildDataArchive, fetchMemberData } from './my-data';

export async function dataArchiveResponse(pb: PocketBase, memberId: string, back: string): Promise<Response> {
  try {
    const data = await fetchMemberData(pb, memberId);
    const zip = await buildDataArchive(pb, data);
    return new Response(zip, {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${archiveName(data)}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    const why = isRateLimited(error) ? 'too-many' : isNotFound(error) ? 'not-found' : 'failed';
    return new Response(null, { status: 303, headers: { location: `${back}?my-data=${why}#my-data` } });
  }
}
