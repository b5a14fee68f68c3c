import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { type LifecycleStack, startLifecycleStack } from '../support/lifecycle-stack';
import { REPO_ROOT, TEST_VAR_DIR } from '../support/test-environment';

/** Runs a command without blocking this process: the API and the worker it talks to live here. */
function run(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('integrator examples', () => {
  let stack: LifecycleStack;
  let env: Record<string, string>;

  beforeAll(async () => {
    stack = await startLifecycleStack();
    env = {
      API_BASE_URL: stack.api.baseUrl,
      API_KEY: stack.account.apiKey,
      EMAIL: stack.account.email,
      PASSWORD: stack.account.password,
    };
  });
  afterAll(() => stack.close());

  it('examples/curl/flow.sh authenticates, creates, polls, refreshes and downloads the PDF', async () => {
    const outputDir = path.join(TEST_VAR_DIR, `curl-example-${randomUUID().slice(0, 8)}`);
    const result = await run('bash', ['examples/curl/flow.sh'], {
      ...env,
      OUTPUT_DIR: outputDir,
      POLL_INTERVAL: '0.3',
      POLL_TIMEOUT: '60',
    });
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    const lastLine = result.stdout.trim().split('\n').at(-1)!;
    const match = /^order ([A-Z0-9]{6}) done, pre-statement saved to (.+)$/.exec(lastLine);
    expect(match).not.toBeNull();
    const [, orderid, pdfPath] = match!;
    expect(result.stdout).toContain('refresh requested: need-refresh');
    expect(fs.readFileSync(pdfPath!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    fs.rmSync(outputDir, { recursive: true, force: true });
    const order = await stack.http.get(`/order/${orderid}`, stack.account.headers);
    expect((order.json as { payload: Record<string, unknown> }).payload).toMatchObject({
      state: 'done',
      refreshed: true,
    });
  });

  it('the curl flow stops with the service message when the credentials are wrong', async () => {
    const result = await run('bash', ['examples/curl/flow.sh'], { ...env, PASSWORD: 'not-the-password' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'POST /account/auth failed: HTTP 401: Informations de connexion invalides',
    );
  });

  it('examples/node-client/flow.js receives the signed notifications up to done and verifies them', async () => {
    const result = await run('node', ['examples/node-client/flow.js'], {
      ...env,
      WEBHOOK_SECRET: stack.account.webhookSecret,
      TIMEOUT_MS: '60000',
    });
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    const summary = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(summary).toMatchObject({ state: 'done', external_id: 'DOSSIER-43', signatures_verified: true });
    expect(summary.notifications).toEqual(expect.arrayContaining(['received', 'done']));
    expect(summary.pdf_bytes).toBeGreaterThan(1000);
    expect(summary.downloaded_bytes).toBe(summary.pdf_bytes);
  });

  it('the example receiver refuses a forged or replayed-with-other-body notification', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createWebhookReceiver } = require('../../examples/node-client/webhook-receiver.js') as {
      createWebhookReceiver(options: { secret: string; onNotification: (payload: unknown) => void }): {
        listen(): Promise<string>;
        close(): Promise<void>;
      };
    };
    const delivered: unknown[] = [];
    const receiver = createWebhookReceiver({
      secret: stack.account.webhookSecret,
      onNotification: (payload) => delivered.push(payload),
    });
    const url = await receiver.listen();
    try {
      const body = JSON.stringify({ status: 'done', orderid: 'ABC123', external_id: '' });
      const id = `msg_${randomUUID()}`;
      const timestamp = new Date();
      const signature = new Webhook(stack.account.webhookSecret).sign(id, timestamp, body);
      const headers = {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      };
      const post = (payload: string, extra: Record<string, string> = {}) =>
        fetch(url, { method: 'POST', headers: { ...headers, ...extra }, body: payload });
      expect((await post(body.replace('done', 'waiting'))).status).toBe(400);
      expect((await post(body, { 'webhook-signature': 'v1,Zm9yZ2Vk' })).status).toBe(400);
      expect((await post(body)).status).toBe(204);
      expect((await post(body)).status).toBe(204); // a retry: acknowledged, not processed twice
      await new Promise((resolve) => setImmediate(resolve));
      expect(delivered).toEqual([{ status: 'done', orderid: 'ABC123', external_id: '' }]);
    } finally {
      await receiver.close();
    }
  });
});
