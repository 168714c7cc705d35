// Saving the site record (branding and policies); the result is an AppError to show, or null.
import { updateSite } from '../lib/pb/admin';
import { getBrowserClient } from '../lib/pb/client';
import { type AppError, toAppError } from '../lib/pb/errors';

export async function saveSiteSettings(id: string, data: FormData): Promise<AppError | null> {
  try {
    await updateSite(getBrowserClient(), id, data);
    return null;
  } catch (error) {
    return toAppError(error);
  }
}
