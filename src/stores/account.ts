// Account settings actions: results come back as an AppError (shown next to the fields) or null.

import { type AccountRecord, unsubscribe, updateAccount } from '../lib/pb/account';
import { getBrowserClient } from '../lib/pb/client';
import { type AppError, toAppError } from '../lib/pb/errors';

export async function saveAccount(id: string, data: FormData): Promise<AppError | AccountRecord> {
  try {
    return await updateAccount(getBrowserClient(), id, data);
  } catch (error) {
    return toAppError(error);
  }
}

export async function unsubscribeWith(token: string): Promise<AppError | { preference: string }> {
  try {
    return await unsubscribe(getBrowserClient(), token);
  } catch (error) {
    return toAppError(error);
  }
}
