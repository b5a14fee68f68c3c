import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { type DataSource } from 'typeorm';
import { type CreatedOperator, type OperatorSummary } from '@libs/operators/operator-administration.service';
import { totpCodeAt } from '@libs/operators/totp';
import { createDataSource, MIGRATIONS } from '@libs/persistence/data-source.factory';
import { type ApiTestApp, startApiTestApp } from '../support/api-test-app';
import { HttpTestClient } from '../support/http-test-client';
import { withDatabaseBefore } from '../support/migration-database';
import { buildOperatorServices } from '../support/operator-services';
import { REPO_ROOT } from '../support/test-environment';

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the compiled operator CLI as a real process against the suite's database. */
function cli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/apps/cli/src/main.js', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The one JSON object a successful command prints; fails on anything else. */
function output<T>(run: CliRun): T {
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  const lines = run.stdout.split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toBe('');
  return JSON.parse(lines[0]!) as T;
}

interface Created {
  email: string;
  api_key: string;
  webhook_secret: string;
}

interface Shown {
  email: string;
  callback_url: string | null;
  share_documents: boolean;
  share_registration_id: boolean;
  created: string;
  previous_secret_valid_until: string | null;
  api_keys: { id: string; created: string; revoked: string | null }[];
}

const API_KEY = /^psk_live_([0-9a-f]{12})_[A-Za-z0-9_-]{43}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const newEmail = () => `etude-${randomUUID().slice(0, 8)}@example.fr`;
const keyId = (apiKey: string) => API_KEY.exec(apiKey)![1]!;

describe('operator CLI (account administration)', () => {
  let db: PgClient;
  const password = `mot-de-passe-${randomUUID()}`;

  async function create(email = newEmail(), extra: string[] = []): Promise<Created> {
    return output<Created>(
      await cli(['account', 'create', '--email', email, '--password', password, ...extra]),
    );
  }

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.js', '--quiet', '--no-bundle'], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
    });
    db = new PgClient({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });
  afterAll(() => db.end());

  describe('account create', () => {
    it('prints one JSON line with the email, the API key and the webhook secret', async () => {
      const email = newEmail();
      const run = await cli([
        'account',
        'create',
        '--email',
        email,
        '--password',
        password,
        '--callback-url',
        'http://127.0.0.1:9/hook',
        '--share-documents',
      ]);
      const created = output<Created>(run);
      expect(Object.keys(created)).toEqual(['email', 'api_key', 'webhook_secret']);
      expect(created.email).toBe(email);
      expect(created.api_key).toMatch(API_KEY);
      expect(created.webhook_secret).toMatch(WEBHOOK_SECRET);

      const shown = output<Shown>(await cli(['account', 'show', '--email', email]));
      expect(shown).toMatchObject({
        email,
        callback_url: 'http://127.0.0.1:9/hook',
        share_documents: true,
        share_registration_id: false,
      });
    });

    it('stores the email in lower case and finds the account in any case', async () => {
      const email = newEmail();
      const created = await create(email.toUpperCase());
      expect(created.email).toBe(email);
      expect(output<Shown>(await cli(['account', 'show', '--email', email.toUpperCase()])).email).toBe(email);
    });

    it('refuses an email that already has an account, and creates nothing', async () => {
      const email = newEmail();
      await create(email);
      const again = await cli(['account', 'create', '--email', email, '--password', 'another-password']);
      expect(again.code).toBe(1);
      expect(again.stdout).toBe('');
      expect(again.stderr).toBe(`error: account already exists: ${email}\n`);
      const { rows } = await db.query('SELECT count(*)::int AS n FROM accounts WHERE email = $1', [email]);
      expect(rows[0].n).toBe(1);
    });

    it.each([
      [
        'an invalid email',
        ['--email', 'not-an-email', '--password', 'long-enough-pw'],
        'invalid email: not-an-email',
      ],
      // Addresses the order route refuses as an order's `email`, which must be the account's.
      [
        'an email the API refuses',
        ['--email', 'jean..dupont@example.fr', '--password', 'long-enough-pw'],
        'invalid email: jean..dupont@example.fr',
      ],
      [
        'an email with an underscore in its domain',
        ['--email', 'x@etude_lyon.fr', '--password', 'long-enough-pw'],
        'invalid email: x@etude_lyon.fr',
      ],
      [
        'a short password',
        ['--email', 'short@example.fr', '--password', '1234567'],
        'password must be at least 8',
      ],
      [
        'a callback URL that is not a URL',
        ['--email', 'badurl@example.fr', '--password', 'long-enough-pw', '--callback-url', 'not a url'],
        'invalid callback URL',
      ],
      [
        'a callback URL that is not http(s)',
        ['--email', 'ftp@example.fr', '--password', 'long-enough-pw', '--callback-url', 'ftp://example.fr/x'],
        'callback URL must be http(s)',
      ],
    ])('refuses %s with exit code 1 and a message', async (_case, args, message) => {
      const run = await cli(['account', 'create', ...args]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      const email = args[args.indexOf('--email') + 1]!;
      const { rows } = await db.query('SELECT 1 FROM accounts WHERE email = $1', [email]);
      expect(rows).toHaveLength(0);
    });
  });

  describe('usage errors', () => {
    // An unreachable database proves that usage errors are reported before connecting.
    const unreachable = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };

    it('answers exit code 2 with the usage when --email is missing', async () => {
      const run = await cli(['account', 'create', '--password', 'long-enough-pw'], unreachable);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^error: missing --email <value>\nusage:\n/);
      expect(run.stderr).toContain('cli account create --email E --password P');
    });

    it.each([
      [['account', 'delete', '--email', 'a@b.fr'], 'error: unknown command: account delete'],
      [[], 'error: missing command'],
      [['account', 'show'], 'error: missing --email <value>'],
      [['account', 'key', 'revoke', '--email', 'a@b.fr'], 'error: missing --key <value>'],
      [['account', 'set-callback', '--email', 'a@b.fr'], 'error: missing --url <value>'],
      [['account', 'set-callback', '--email', 'a@b.fr', '--url', 'http://x.fr', '--clear'], 'use either'],
      [
        ['account', 'create', '--email', 'a@b.fr', '--password', 'pw-pw-pw-pw', '--share-documents', 'yes'],
        'takes no value',
      ],
      [['account', 'rotate-secret', '--email', 'a@b.fr', '--grace', 'soon'], '--grace must be a duration'],
      [['account', 'rotate-secret', '--email', 'a@b.fr', '--grace', '31d'], 'at most 30d'],
      // A mistyped option would otherwise be dropped, and the account made without it.
      [
        ['account', 'create', '--email', 'a@b.fr', '--password', 'pw-pw-pw-pw', '--share-document'],
        'error: unknown option --share-document for "account create" (it takes --email, --password, ' +
          '--callback-url, --share-documents, --share-registration-id)',
      ],
      [
        ['account', 'create', '--emial', 'a@b.fr', '--password', 'pw-pw-pw-pw'],
        'error: unknown option --emial for "account create"',
      ],
      [
        ['operator', 'list', '--role', 'admin'],
        'error: unknown option --role for "operator list" (it takes none)',
      ],
      [
        ['account', 'create', '--email', 'a@b.fr', '--email', 'c@d.fr', '--password', 'pw-pw-pw-pw'],
        'error: --email is given more than once',
      ],
      [['account', 'show', '--email=a@b.fr', '--email', 'a@b.fr'], 'error: --email is given more than once'],
    ])('answers exit code 2 to %j', async (args, message) => {
      const run = await cli(args, unreachable);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain('usage:');
    });

    it.each([[['--help']], [['help']], [['account', 'create', '--help']]])(
      'prints the usage on stdout with exit code 0 to %j',
      async (args) => {
        const run = await cli(args, unreachable);
        expect(run).toEqual({ code: 0, stdout: expect.stringMatching(/^usage:\n/), stderr: '' });
        expect(run.stdout).toContain('cli account create --email E --password P');
        expect(run.stdout).toContain('cli db migrate\n');
      },
    );

    it('answers a usage error without loading TypeORM or the database driver', async () => {
      const probe = path.join(REPO_ROOT, 'test/support/loaded-packages-probe.js');
      const run = await cli(['account', 'show'], { ...unreachable, NODE_OPTIONS: `--require ${probe}` });
      expect(run.code).toBe(2);
      const loaded = /\nloaded packages: (.*)\n$/.exec(run.stderr);
      expect(loaded).not.toBeNull();
      const packages = JSON.parse(loaded![1]!) as string[];
      expect(packages).not.toContain('typeorm');
      expect(packages).not.toContain('pg');
      // A command that goes on to the database does load them: the probe sees what it should.
      const full = await cli(['account', 'show', '--email', 'nobody@example.fr'], {
        ...unreachable,
        NODE_OPTIONS: `--require ${probe}`,
      });
      expect(full.code).toBe(1);
      expect(full.stderr).toMatch(/loaded packages: .*"typeorm"/);
    });

    it('answers exit code 1 to an unknown account', async () => {
      const run = await cli(['account', 'show', '--email', 'ghost@example.fr']);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('error: no account with email ghost@example.fr\n');
    });
  });

  describe('the database', () => {
    it('names an unreachable database in one line, without its credentials or a stack', async () => {
      const run = await cli(['account', 'show', '--email', 'a@b.fr'], {
        DATABASE_URL: 'postgres://nobody:s3cret@127.0.0.1:1/none',
      });
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: cannot connect to the database 127.0.0.1:1/none: connect ECONNREFUSED 127.0.0.1:1\n',
      });
    });

    it('says a database is missing, as the server does', async () => {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = '/pre_statement_absent';
      const run = await cli(['account', 'show', '--email', 'a@b.fr'], { DATABASE_URL: url.toString() });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `error: cannot connect to the database ${url.host}/pre_statement_absent: ` +
          'database "pre_statement_absent" does not exist\n',
      );
    });

    it('refuses a command on a schema behind the code, and runs it once db migrate has', async () => {
      const last = MIGRATIONS[MIGRATIONS.length - 1]!.name;
      await withDatabaseBefore(last, async (url, previous) => {
        await previous.destroy();
        const email = newEmail();
        const args = ['account', 'create', '--email', email, '--password', password];
        expect(await cli(args, { DATABASE_URL: url })).toEqual({
          code: 1,
          stdout: '',
          stderr:
            'error: the database schema is not up to date (1 migration is pending): run "db migrate" first\n',
        });
        expect(output(await cli(['db', 'migrate'], { DATABASE_URL: url }))).toEqual({ applied: [last] });
        expect(output<Created>(await cli(args, { DATABASE_URL: url })).email).toBe(email);
      });
    });
  });

  describe('account show', () => {
    it('lists the keys by id, without any secret', async () => {
      const email = newEmail();
      const created = await create(email);
      const shown = output<Shown>(await cli(['account', 'show', '--email', email]));
      expect(shown).toEqual({
        email,
        callback_url: null,
        share_documents: false,
        share_registration_id: false,
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        previous_secret_valid_until: null,
        api_keys: [{ id: keyId(created.api_key), created: expect.any(String), revoked: null }],
      });
      const printed = JSON.stringify(shown);
      expect(printed).not.toContain(created.api_key.slice(-43));
      expect(printed).not.toContain(created.webhook_secret.slice('whsec_'.length));
      expect(printed).not.toContain(password);
      expect(printed).not.toContain('argon2');
    });
  });

  describe('API keys', () => {
    let app: ApiTestApp;
    let http: HttpTestClient;

    beforeAll(async () => {
      app = await startApiTestApp();
      http = new HttpTestClient(app.baseUrl);
    });
    afterAll(() => app.close());

    const login = (email: string, apiKey: string) =>
      http.post('/account/auth', { email, password }, { 'X-Auth-Key': apiKey });

    it('issues a second key and revokes it; the API then refuses it and still takes the first', async () => {
      const email = newEmail();
      const first = await create(email);

      const issued = output<{ email: string; api_key: string; key_id: string }>(
        await cli(['account', 'key', 'issue', '--email', email]),
      );
      expect(issued.email).toBe(email);
      expect(issued.api_key).toMatch(API_KEY);
      expect(issued.key_id).toBe(keyId(issued.api_key));
      expect(issued.api_key).not.toBe(first.api_key);
      expect((await login(email, issued.api_key)).status).toBe(200);

      const revoked = output<{ email: string; revoked: string }>(
        await cli(['account', 'key', 'revoke', '--email', email, '--key', issued.key_id]),
      );
      expect(revoked).toEqual({ email, revoked: issued.key_id });

      const refused = await login(email, issued.api_key);
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({ message: "La clé API n'est pas valide", payload: null, success: false });
      const accepted = await login(email, first.api_key);
      expect(accepted.status).toBe(200);
      expect((accepted.json as { message: string }).message).toBe('Connexion réussie');

      const keys = output<Shown>(await cli(['account', 'show', '--email', email])).api_keys;
      expect(keys).toEqual([
        { id: keyId(first.api_key), created: expect.any(String), revoked: null },
        { id: issued.key_id, created: expect.any(String), revoked: expect.any(String) },
      ]);
    });

    it('refuses to revoke a key twice, or a key of another account', async () => {
      const owner = newEmail();
      const ownerKey = keyId((await create(owner)).api_key);
      const stranger = newEmail();
      await create(stranger);

      const foreign = await cli(['account', 'key', 'revoke', '--email', stranger, '--key', ownerKey]);
      expect(foreign.code).toBe(1);
      expect(foreign.stderr).toBe(`error: no active API key ${ownerKey} for ${stranger}\n`);
      expect(output<Shown>(await cli(['account', 'show', '--email', owner])).api_keys[0]!.revoked).toBeNull();

      output(await cli(['account', 'key', 'revoke', '--email', owner, '--key', ownerKey]));
      const twice = await cli(['account', 'key', 'revoke', '--email', owner, '--key', ownerKey]);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toContain(`no active API key ${ownerKey}`);
    });

    it('stores only the SHA-256 of a key', async () => {
      const email = newEmail();
      const { api_key: apiKey } = await create(email);
      const { rows } = await db.query(
        `SELECT k.key_hash, k.prefix, row_to_json(k)::text AS key_row, row_to_json(a)::text AS account_row
           FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE a.email = $1`,
        [email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].key_hash).toBe(createHash('sha256').update(apiKey).digest('hex'));
      expect(rows[0].prefix).toBe(keyId(apiKey));
      for (const row of [rows[0].key_row, rows[0].account_row]) {
        expect(row).not.toContain(apiKey);
        expect(row).not.toContain(apiKey.slice(-43));
      }
    });
  });

  describe('account set-callback', () => {
    it('sets, then clears the callback URL', async () => {
      const email = newEmail();
      await create(email);
      expect(
        output(
          await cli(['account', 'set-callback', '--email', email, '--url', 'https://hooks.example.fr/x']),
        ),
      ).toEqual({ email, callback_url: 'https://hooks.example.fr/x' });
      expect(output<Shown>(await cli(['account', 'show', '--email', email])).callback_url).toBe(
        'https://hooks.example.fr/x',
      );

      expect(output(await cli(['account', 'set-callback', '--email', email, '--clear']))).toEqual({
        email,
        callback_url: null,
      });
      expect(output<Shown>(await cli(['account', 'show', '--email', email])).callback_url).toBeNull();
    });

    it('refuses a callback URL that is not http(s) and keeps the previous one', async () => {
      const email = newEmail();
      await create(email, ['--callback-url', 'https://hooks.example.fr/keep']);
      const run = await cli(['account', 'set-callback', '--email', email, '--url', 'file:///etc/passwd']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('callback URL must be http(s)');
      expect(output<Shown>(await cli(['account', 'show', '--email', email])).callback_url).toBe(
        'https://hooks.example.fr/keep',
      );
    });
  });

  describe('secrets at rest', () => {
    let app: ApiTestApp;

    beforeAll(async () => {
      app = await startApiTestApp();
    });
    afterAll(() => app.close());

    const sealedSecretOf = async (email: string): Promise<string> =>
      (await db.query('SELECT webhook_secret_sealed FROM accounts WHERE email = $1', [email])).rows[0]
        .webhook_secret_sealed;

    it('stores the password as an argon2id hash', async () => {
      const email = newEmail();
      await create(email);
      const { rows } = await db.query('SELECT password_hash FROM accounts WHERE email = $1', [email]);
      expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
      expect(rows[0].password_hash).not.toContain(password);
    });

    it('stores the webhook secret sealed, and rotate-secret replaces it', async () => {
      const email = newEmail();
      const { webhook_secret: first } = await create(email);
      const sealed = await sealedSecretOf(email);
      expect(sealed).toMatch(/^v1\./);
      expect(sealed).not.toContain(first);
      expect(sealed).not.toContain(first.slice('whsec_'.length));
      expect(app.security.secretBox.open(sealed, 'webhook-secret')).toBe(first);

      const rotated = output<{
        email: string;
        webhook_secret: string;
        previous_secret_valid_until: string | null;
      }>(await cli(['account', 'rotate-secret', '--email', email]));
      expect(rotated.email).toBe(email);
      // By default the secret replaced still signs for 24 hours, kept sealed.
      const graceLeft = Date.parse(rotated.previous_secret_valid_until!) - Date.now();
      expect(graceLeft).toBeGreaterThan(23.9 * 3_600_000);
      expect(graceLeft).toBeLessThanOrEqual(24 * 3_600_000);
      const kept = (
        await db.query('SELECT previous_webhook_secret_sealed FROM accounts WHERE email = $1', [email])
      ).rows[0].previous_webhook_secret_sealed;
      expect(kept).toBe(sealed);
      expect(rotated.webhook_secret).toMatch(WEBHOOK_SECRET);
      expect(rotated.webhook_secret).not.toBe(first);
      const resealed = await sealedSecretOf(email);
      expect(resealed).toMatch(/^v1\./);
      expect(resealed).not.toContain(rotated.webhook_secret.slice('whsec_'.length));
      expect(app.security.secretBox.open(resealed, 'webhook-secret')).toBe(rotated.webhook_secret);
    });
  });

  describe('operators of the console', () => {
    let dataSource: DataSource;

    beforeAll(async () => {
      dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 2 }).initialize();
    });
    afterAll(() => dataSource.destroy());

    const newOperatorEmail = () => `operateur-${randomUUID().slice(0, 8)}@prestataire.fr`;
    const createOperator = async (email = newOperatorEmail(), role = 'operator', extra: string[] = []) =>
      output<CreatedOperator>(await cli(['operator', 'create', '--email', email, '--role', role, ...extra]));
    const list = async () =>
      output<{ operators: OperatorSummary[] }>(await cli(['operator', 'list'])).operators;
    /**
     * Logs in with what the CLI printed, at `at`: the code computed from the printed secret, as the
     * operator's app would.
     */
    const login = (created: CreatedOperator, at = new Date()) =>
      buildOperatorServices(dataSource, { clock: () => at }).authentication.login({
        email: created.email,
        password: created.password,
        totpCode: totpCodeAt(created.totp_secret, at),
      });

    it('creates an operator and prints its password and TOTP secret once; they log in', async () => {
      const email = newOperatorEmail();
      const created = await createOperator(email.toUpperCase(), 'admin');
      expect(Object.keys(created)).toEqual(['id', 'email', 'role', 'password', 'totp_secret', 'totp_uri']);
      expect(created).toMatchObject({ email, role: 'admin' });
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
      // Generated: 144 random bits.
      expect(created.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(created.totp_secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(created.totp_uri);
      expect(`${uri.protocol}//${uri.host}${decodeURIComponent(uri.pathname)}`).toBe(
        `otpauth://totp/Pré-état daté:${email}`,
      );
      expect(uri.searchParams.get('secret')).toBe(created.totp_secret);

      const session = await login(created);
      expect(session.operator).toEqual({ id: created.id, email, role: 'admin' });
    });

    it('takes the password given with --password', async () => {
      const created = await createOperator(undefined, 'viewer', ['--password', 'un mot de passe choisi']);
      expect(created.password).toBe('un mot de passe choisi');
      await expect(login(created)).resolves.toMatchObject({ operator: { role: 'viewer' } });
    });

    it('lists the operators without any secret', async () => {
      const created = await createOperator(undefined, 'viewer');
      const listed = (await list()).find((o) => o.email === created.email);
      expect(listed).toEqual({
        id: created.id,
        email: created.email,
        role: 'viewer',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        last_login_at: null,
        disabled_at: null,
        locked_until: null,
      });
      const printed = JSON.stringify(await list());
      expect(printed).not.toContain(created.password);
      expect(printed).not.toContain(created.totp_secret);
      expect(printed).not.toMatch(/argon2|v1\./);
    });

    it('disables an operator, ending their sessions, and enables them again', async () => {
      const created = await createOperator();
      const { sessionToken } = await login(created);
      const { sessions } = buildOperatorServices(dataSource);
      expect(await sessions.resolve(sessionToken)).not.toBeNull();

      const disabled = output<{ email: string; disabled_at: string; sessions_ended: number }>(
        await cli(['operator', 'disable', '--email', created.email]),
      );
      expect(disabled).toEqual({ email: created.email, disabled_at: expect.any(String), sessions_ended: 1 });
      expect(await sessions.resolve(sessionToken)).toBeNull();
      expect((await list()).find((o) => o.email === created.email)!.disabled_at).toBe(disabled.disabled_at);
      await expect(login(created)).rejects.toMatchObject({ code: 'operator_login_failed' });

      expect(output(await cli(['operator', 'enable', '--email', created.email]))).toEqual({
        email: created.email,
        disabled_at: null,
      });
      expect((await list()).find((o) => o.email === created.email)!.disabled_at).toBeNull();
      // A step later: the first login used the code of this one.
      await expect(login(created, new Date(Date.now() + 30_000))).resolves.toMatchObject({
        operator: { id: created.id },
      });
    });

    it.each([
      [['--email', 'not-an-email', '--role', 'viewer'], 'error: invalid email: not-an-email\n'],
      [
        ['--email', 'x@prestataire.fr', '--role', 'superuser'],
        'error: invalid role: superuser (expected viewer, operator, admin)\n',
      ],
      [
        ['--email', 'y@prestataire.fr', '--role', 'viewer', '--password', 'too-short'],
        'error: password must be at least 12 characters\n',
      ],
    ])('refuses %j with exit code 1 and says why', async (args, message) => {
      const run = await cli(['operator', 'create', ...args]);
      expect(run).toEqual({ code: 1, stdout: '', stderr: message });
    });

    it('refuses an email that already has an operator, in any case', async () => {
      const created = await createOperator();
      const again = await cli([
        'operator',
        'create',
        '--email',
        created.email.toUpperCase(),
        '--role',
        'admin',
      ]);
      expect(again).toEqual({
        code: 1,
        stdout: '',
        stderr: `error: operator already exists: ${created.email}\n`,
      });
      expect((await list()).filter((o) => o.email === created.email)).toHaveLength(1);
    });

    it('answers exit code 1 to an unknown operator', async () => {
      for (const command of ['disable', 'enable']) {
        const run = await cli(['operator', command, '--email', 'ghost@prestataire.fr']);
        expect(run).toEqual({
          code: 1,
          stdout: '',
          stderr: 'error: no operator with email ghost@prestataire.fr\n',
        });
      }
    });

    it.each([
      [['operator', 'create', '--email', 'a@b.fr'], 'error: missing --role <value>'],
      [['operator', 'create', '--role', 'admin'], 'error: missing --email <value>'],
      [
        ['operator', 'create', '--email', 'a@b.fr', '--role', 'admin', '--password'],
        '--password needs a value',
      ],
      [['operator', 'disable'], 'error: missing --email <value>'],
      [['operator', 'enable'], 'error: missing --email <value>'],
      [['operator', 'delete', '--email', 'a@b.fr'], 'error: unknown command: operator delete'],
    ])('answers exit code 2 with the usage to %j', async (args, message) => {
      const run = await cli(args, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain(
        'cli operator create --email E --role viewer|operator|admin [--password P]',
      );
    });
  });
});
