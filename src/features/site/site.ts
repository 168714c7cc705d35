// The site record and boards navigation: what every page's shell shows.
import type { PocketBase } from '../../lib/pb/client';
import type { BoardRecord, SiteRecord, StatusRecord } from '../../lib/pb/types';
import { listStatuses } from '../ideas/taxonomy';

export interface Shell {
  site: SiteRecord;
  logoUrl: string | null;
  boards: BoardRecord[];
  /** Every status, for the colours of status pills. */
  statuses: StatusRecord[];
}

export async function loadShell(pb: PocketBase): Promise<Shell> {
  const [site, boards, statuses] = await Promise.all([
    pb.collection('site').getFirstListItem<SiteRecord>(''),
    listBoards(pb),
    listStatuses(pb),
  ]);
  const logoUrl = site.logo ? pb.files.getURL(site, site.logo, { thumb: '64x64' }) : null;
  return { site, logoUrl, boards, statuses };
}

/** The boards the caller may see (the API rules decide), archived ones last. */
export function listBoards(pb: PocketBase): Promise<BoardRecord[]> {
  return pb
    .collection('boards')
    .getFullList<BoardRecord>({ sort: 'archived,position,name', filter: 'archived = false' });
}
