// Arranging the widget stories: the admin's widget settings, the team's app on a second origin,
// and finding the launcher and the panel on the host page.
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Frame, type FrameLocator, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { type HostApp, startHostApp } from './widget-host';

let people = 0;

/**
 * The widget settings are one record: stories that change them take turns across test workers (a lock
 * folder per stack), or one would refuse another's origin. Resolves with the function that releases it.
 */
export async function lockWidgetSettings(): Promise<() => void> {
  const lock = join(tmpdir(), `chorus-widget-settings-${new URL(process.env.E2E_PB_URL ?? 'http://x:0').port}`);
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmSync(lock, { recursive: true, force: true });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Allows the host app's origin, turns SSO on, and starts the app with the admin's secret (stop() unlocks). */
export async function startWidgetStory(admin: PocketBase, siteUrl: string, loginPath = '/login'): Promise<HostApp> {
  const unlock = await lockWidgetSettings();
  try {
    return await startLocked(admin, siteUrl, loginPath, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function startLocked(admin: PocketBase, siteUrl: string, loginPath: string, unlock: () => void) {
  people += 1;
  const tag = `${Date.now().toString(36)}${people}`;
  const secret = (await admin.collection('sso_secrets').getFirstListItem('')).secret as string;
  const person = { sub: `acme-${tag}`, email: `acme-${tag}@example.com`, name: `Acme User ${tag}` };
  const host = await startHostApp(siteUrl, secret, person);
  const settings = await admin.collection('widget_settings').getFirstListItem('');
  await admin.collection('widget_settings').update(settings.id, {
    allowed_origins: host.origin,
    sso_enabled: true,
    product_name: 'Acme',
    login_url: `${host.origin}${loginPath}`,
  });
  return { ...host, stop: () => host.stop().finally(unlock) };
}

export const launcher = (page: Page) => page.locator('[data-chorus-widget]').getByRole('button', { name: /Feedback/ });
export const panel = (page: Page): FrameLocator => page.frameLocator('[data-chorus-widget] iframe');

/** Opens the panel from the host page and waits until its islands are interactive. */
export async function openPanel(page: Page): Promise<FrameLocator> {
  await launcher(page).click();
  return interactive(panel(page));
}

/**
 * Opens the panel on a host page (`?identify`) that signs in a person new to this browser: the panel shows
 * the header at once, then reloads once to draw the page as theirs. Resolves with the reloaded panel, so no
 * step lands in the page the reload throws away. `open` opens it (the launcher's click unless told).
 */
export async function openPanelSigningIn(
  page: Page,
  name: string | undefined,
  open: () => Promise<void> = () => launcher(page).click(),
): Promise<FrameLocator> {
  let loads = 0;
  const count = (frame: Frame) => {
    if (frame.parentFrame() && new URL(frame.url()).pathname.startsWith('/embed')) loads += 1;
  };
  page.on('framenavigated', count);
  try {
    await open();
    const frame = await interactive(panel(page));
    await expect.poll(() => loads, { message: 'the panel reloads once the person is signed in' }).toBe(2);
    await expect(frame.getByTestId('embed-user')).toHaveText(`Signed in as ${name}`);
    return await interactive(frame);
  } finally {
    page.off('framenavigated', count);
  }
}

async function interactive(frame: FrameLocator): Promise<FrameLocator> {
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  // Idle-time islands (the toaster) can take a while on a busy machine.
  await expect(frame.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0, { timeout: 30_000 });
  return frame;
}
