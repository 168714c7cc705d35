// What end-to-end tests get: the running stack's URLs, a superuser client to arrange data,
// the emails Chorus sent, and a way to make a member with a password.
import { test as base, expect } from '@playwright/test';
import PocketBase, { type RecordModel } from 'pocketbase';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Member {
  id: string;
  name: string;
  email: string;
  password: string;
}

interface Fixtures {
  pbUrl: string;
  admin: PocketBase;
  mail: { waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<Email> };
  createMember(fields?: Partial<Member> & { role?: string; blocked?: boolean }): Promise<Member>;
}

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through playwright.config.ts.`);
  return value;
};

let counter = 0;

interface WorkerFixtures {
  superuserAuth: { token: string; record: RecordModel };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  baseURL: async ({}, use) => use(env('E2E_SITE_URL')),
  pbUrl: async ({}, use) => use(env('E2E_PB_URL')),
  // A fresh client per test, signed in with the worker's one superuser sign-in: a sign-in per test reached
  // PocketBase's sign-in limit for one address (30 in 15 s) when three workers ran short tests.
  admin: async ({ superuserAuth }, use) => {
    const pb = new PocketBase(env('E2E_PB_URL'));
    pb.autoCancellation(false);
    pb.authStore.save(superuserAuth.token, superuserAuth.record);
    await use(pb);
  },
  superuserAuth: [
    async ({}, use) => {
      const pb = new PocketBase(env('E2E_PB_URL'));
      const { token, record } = await pb
        .collection('_superusers')
        .authWithPassword(env('E2E_SUPERUSER_EMAIL'), env('E2E_SUPERUSER_PASSWORD'));
      await use({ token, record });
    },
    { scope: 'worker' },
  ],
  mail: async ({}, use) => {
    const inbox = env('E2E_MAIL_URL');
    await use({
      async waitFor(to, subject, timeoutMs = 15_000) {
        const deadline = Date.now() + timeoutMs;
        while (Date.now() < deadline) {
          const messages = (await (await fetch(`${inbox}/api/messages`)).json()) as Email[];
          const found = messages.findLast((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
          if (found) return found;
          await new Promise((r) => setTimeout(r, 200));
        }
        throw new Error(`No email to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms.`);
      },
    });
  },
  createMember: async ({ admin }, use) => {
    await use(async (fields = {}) => {
      counter += 1;
      const tag = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
      const member = {
        name: fields.name ?? `Member ${tag}`,
        email: fields.email ?? `member-${tag}@example.com`,
        password: fields.password ?? 'a-long-password-123',
      };
      const record = await admin.collection('users').create({
        ...member,
        passwordConfirm: member.password,
        verified: true,
        role: fields.role ?? 'member',
        blocked: fields.blocked ?? false,
      });
      return { ...member, id: record.id };
    });
  },
});

export { expect };
