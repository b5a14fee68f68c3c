import fs from 'node:fs';
import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Browser } from 'playwright-core';
import { launchBrowser, saveScreenshot } from '../support/browser';

const PAGE = `<!doctype html>
<html lang="fr">
  <head><meta charset="utf-8"><title>Banc d'essai</title></head>
  <body>
    <h1>Pré-état daté</h1>
    <button type="button" id="valider">Valider le dossier</button>
    <p role="status" id="resultat"></p>
    <script>
      document.getElementById('valider').addEventListener('click', () => {
        document.getElementById('resultat').textContent = 'Dossier validé';
      });
    </script>
  </body>
</html>`;

/** The harness the console's browser tests stand on: Chromium driven over a page served on loopback. */
describe('browser harness', () => {
  let server: Server;
  let baseUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('clicks a button, reads the result and saves a full-page screenshot', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));

    await page.goto(baseUrl);
    expect(await page.title()).toBe("Banc d'essai");
    const status = page.getByRole('status');
    expect(await status.textContent()).toBe('');
    await page.getByRole('button', { name: 'Valider le dossier' }).click();
    await status.filter({ hasText: 'Dossier validé' }).waitFor();
    expect(await status.textContent()).toBe('Dossier validé');
    expect(pageErrors).toEqual([]);

    const file = await saveScreenshot(page, 'browser-harness');
    expect(file).toMatch(/var\/screenshots\/browser-harness\.png$/);
    const png = fs.readFileSync(file);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.length).toBeGreaterThan(1000);
    await context.close();
  });
});
