// Account settings actions: each resolves with a Result (errors are shown next to the fields).
import { type AccountRecord, unsubscribe, updateAccount } from '../lib/pb/account';
import { attempt, type Result } from './action';
import { getClient } from './client';

export function saveAccount(id: string, data: FormData): Promise<Result<AccountRecord>> {
  return attempt(() => updateAccount(getClient(), id, data));
}

export function unsubscribeWith(token: string): Promise<Result<{ preference: string }>> {
  return attempt(() => unsubscribe(getClient(), token));
}
