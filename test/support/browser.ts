import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { CHROMIUM_PATH, SCREENSHOTS_DIR } from './test-environment';

// Without the networking switches, Chromium keeps calling Google's services (updates, sync, field
// trials, QUIC probes), which this closed network answers with refused connections by the hundred.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium (the one scripts/ensure-chromium.js provides). Each launch gets a fresh user data
 * directory: playwright-core's `launch` makes a temporary profile and deletes it at `close()`. Give each
 * simulated user a `browser.newContext()` of their own (cookies are per context).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A full-page screenshot at `var/screenshots/<name>.png`; the file's path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) throw new Error(`not a screenshot name: ${name}`);
  fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits for `text` on the page; when it never shows, fails with what the page said instead (its address
 * and the start of its visible text: a refusal, an error page, the login page) and a screenshot
 * (`wait-for-text-failed.png`), so that an intermittent failure can be read from the run's output.
 */
export async function waitForText(page: Page, text: string, timeoutMs = 30_000): Promise<void> {
  try {
    await page.getByText(text).waitFor({ timeout: timeoutMs });
  } catch (error) {
    const shown = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '(the page could not be read)');
    const screenshot = await saveScreenshot(page, 'wait-for-text-failed').catch(() => '(none)');
    throw new Error(
      `"${text}" never showed on ${page.url()}; the page said: ${shown.replace(/\s+/g, ' ').slice(0, 1_500)} (screenshot: ${screenshot})`,
      { cause: error },
    );
  }
}
