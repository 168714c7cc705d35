// The site record and boards navigation: what every page's shell shows.
import { type PocketBase, signedOut } from '../../lib/pb/client';
import type { BoardRecord, SiteRecord, StatusRecord } from '../../lib/pb/types';
import { listStatuses } from '../ideas/taxonomy';

export interface Shell {
  site: SiteRecord;
  logoUrl: string | null;
  boards: BoardRecord[];
  /** Every status, for the colours of status pills. */
  statuses: StatusRecord[];
}

/** The one site record: its name, look, languages and settings. */
export function loadSite(pb: PocketBase): Promise<SiteRecord> {
  return pb.collection('site').getFirstListItem<SiteRecord>('');
}

/** The site and statuses answer everyone alike (rule ""): read without a member's token. The boards are
 * per person (a members-only or segment board), read as the caller. */
export async function loadShell(pb: PocketBase): Promise<Shell> {
  const anyone = signedOut(pb);
  const [site, boards, statuses] = await Promise.all([loadSite(anyone), listBoards(pb), listStatuses(anyone)]);
  const logoUrl = site.logo ? pb.files.getURL(site, site.logo, { thumb: '64x64' }) : null;
  return { site, logoUrl, boards, statuses };
}

/** Every board the caller may see, archived ones too, in the admin's order (for admin pickers). */
export function listEveryBoard(pb: PocketBase) {
  return pb.collection('boards').getFullList<BoardRecord>({ sort: 'position,name', fields: 'id,name,slug' });
}

/** The boards the caller may see (the API rules decide), archived ones last. */
export function listBoards(pb: PocketBase): Promise<BoardRecord[]> {
  return pb
    .collection('boards')
    .getFullList<BoardRecord>({ sort: 'archived,position,name', filter: 'archived = false' });
}
