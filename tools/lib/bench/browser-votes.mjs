// A vote clicked in one browser, timed until the count changes in another browser's idea page.

import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../browser.mjs';

export async function measureBrowserVoteLatency(siteUrl, data, rounds) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const url = new URL(`/p/${data.postWithComments}`, siteUrl).href;
    const voterPage = await signedInPage(browser, siteUrl, data.voters[1], data.password);
    const watcherPage = await (await browser.newContext()).newPage();
    await Promise.all([voterPage.goto(url), watcherPage.goto(url)]);
    const button = voterPage.getByTestId('vote-button').first();
    if ((await button.count()) === 0) return null;
    const count = watcherPage.getByTestId('vote-count').first();
    await watcherPage.waitForLoadState('networkidle');
    const latencies = [];
    for (let r = 0; r < rounds; r++) {
      const before = await count.textContent();
      const started = Date.now();
      await button.click();
      await watcherPage.waitForFunction(
        ([selector, previous]) => document.querySelector(selector)?.textContent !== previous,
        ['[data-testid="vote-count"]', before],
        { timeout: 10_000, polling: 'raf' },
      );
      latencies.push(Date.now() - started);
      await voterPage.waitForTimeout(100);
    }
    return latencies;
  } finally {
    await browser.close();
  }
}

async function signedInPage(browser, siteUrl, voter, password) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(new URL('/signin', siteUrl).href);
  await page.getByLabel('Email', { exact: true }).fill(voter.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page
    .getByRole('button', { name: /sign in/i })
    .first()
    .click();
  await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
  return page;
}
