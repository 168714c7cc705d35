// An idea's status history (status_events), as the idea page reads it (see idea-page.ts).
import type { StatusEventRecord } from '../../lib/pb/staff-types';
import type { StatusRecord, UserRecord } from '../../lib/pb/types';

export type TimelineEvent = StatusEventRecord & {
  expand?: { from?: StatusRecord; to?: StatusRecord; actor?: UserRecord };
};
