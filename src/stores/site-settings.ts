// Saving the site record (branding and policies): a Result whose error is shown next to the fields.
import { updateSite } from '../lib/pb/admin';
import { attempt, type Result } from './action';
import { getClient } from './client';

export function saveSiteSettings(id: string, data: FormData): Promise<Result<unknown>> {
  return attempt(() => updateSite(getClient(), id, data));
}
