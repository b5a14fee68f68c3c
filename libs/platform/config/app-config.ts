import { ConfigError } from './config-error';
import { parseIpRange } from '@libs/platform/outbound/ip-address';
import { EnvReader, type Environment } from './env-reader';

export type RuntimeMode = 'development' | 'test' | 'production';

export interface HttpConfig {
  port: number;
  host: string;
  publicBaseUrl: string;
  jsonBodyLimitBytes: number;
  uploadBodyLimitBytes: number;
  /** `POST /account/auth`: an email and a password. */
  credentialsBodyLimitBytes: number;
  /** URL and headers of a request. */
  headerLimitBytes: number;
  /** Each `GET /health` check of a dependency answers within this or counts as down. */
  healthCheckTimeoutMs: number;
  /** Reverse proxies in front of the API whose X-Forwarded-For is trusted (per-IP rate limits). */
  trustProxyHops: number;
}

export interface DatabaseConfig {
  url: string;
  /** DATABASE_URL was not set: `npm start` runs an embedded PostgreSQL under var/ at this URL. */
  embedded: boolean;
  poolSize: number;
  /**
   * How long a new connection, or a wait for a free one, may take before the database counts as
   * unavailable (503); a host that accepts connections and never answers would hold requests forever.
   */
  connectTimeoutMs: number;
}

/** Where `npm start` runs its embedded PostgreSQL when DATABASE_URL is not set. */
export const EMBEDDED_DATABASE = {
  port: 54329,
  user: 'postgres',
  password: 'postgres',
  database: 'pre_statement',
};
export const EMBEDDED_DATABASE_URL = `postgres://${EMBEDDED_DATABASE.user}:${EMBEDDED_DATABASE.password}@127.0.0.1:${EMBEDDED_DATABASE.port}/${EMBEDDED_DATABASE.database}`;

/** Which task queues a worker process polls: both, or one of them to run them as separate processes. */
export type WorkerQueues = 'all' | 'orders' | 'notifications';
const WORKER_QUEUES: readonly WorkerQueues[] = ['all', 'orders', 'notifications'];

export interface TemporalConfig {
  address: string;
  namespace: string;
  /**
   * Tries of one API call to Temporal while it answers UNAVAILABLE (the SDK's backoff between them): 10,
   * the SDK's default, spans about 20 s, enough to ride out a frontend restart before answering 503.
   */
  clientMaxAttempts: number;
  taskQueue: string;
  workerQueues: WorkerQueues;
  /** Threads each worker runs workflow code on (the SDK's default is one, whatever the cores). */
  workflowThreads: number;
  /** Order workflow tasks, local activities and activities a worker runs at once (each). */
  orderConcurrency: number;
  /** Workflow runs a worker keeps in memory between their tasks; an evicted one is replayed when it wakes. */
  maxCachedWorkflows: number;
  /** Pre-built workflow bundle; null bundles the workflow sources at worker start (development). */
  workflowBundlePath: string | null;
}

export interface SecurityConfig {
  jwtSecret: string;
  /** Former JWT secrets still accepted until the tokens they signed expire (rotation). */
  jwtPreviousSecrets: string[];
  jwtIssuer: string;
  jwtAudience: string;
  tokenLifetimeSeconds: number;
  /** `id:base64key[,id:base64key…]`, the first is the active key. */
  encryptionKeys: string;
  passwordHashMemoryKiB: number;
}

export interface MailConfig {
  /** null: messages are written as .eml files under var/mail/. */
  smtpUrl: string | null;
  from: string;
  /** Where messages are written as .eml files when no SMTP_URL is set (development). */
  outboxDir: string;
}

/**
 * Where requests made on a client's behalf may go, callbacks and extranets alike (the SSRF guard of
 * libs/outbound/). The variables keep their first name, from when only callbacks went through it.
 */
export interface OutboundConfig {
  /** `CALLBACK_ALLOW_PRIVATE`: loopback, private, link-local, CGNAT and metadata addresses allowed. */
  allowPrivate: boolean;
  /** `CALLBACK_ALLOWLIST`: CIDR ranges opened even when private addresses are refused (local setups, tests). */
  allowlist: string[];
}

export interface WebhookConfig {
  /** After a notification has failed this long, the account gets one email about its endpoint. */
  failureAlertAfterMs: number;
  /** How often the notification worker looks for notifications failing past that threshold. */
  failureAlertSweepIntervalMs: number;
}

/**
 * The extranets. There is no default extranet for live orders: a live order is served by a connector
 * registered for its syndic or by its `syndic.url`, otherwise its collection is blocked for an operator.
 */
export interface ExtranetConfig {
  /** One HTTP request to an extranet. */
  requestTimeoutMs: number;
  /** One collection step (login, statement, listing), retried with backoff beyond it. */
  activityTimeoutMs: number;
  /** A collection step whose worker stopped heartbeating for this long is retried on another worker. */
  heartbeatTimeoutMs: number;
  sandboxPort: number;
  /** Interface the sandbox extranet listens on: loopback by default, 0.0.0.0 in a container. */
  sandboxHost: string;
  /** The sandbox extranet of test-mode orders; never reached on behalf of a live order. */
  sandboxBaseUrl: string;
  /** A collection step of a live order still failing after this long: operators take the order over. */
  giveUpAfterMs: number;
  /** Refused credentials wait this long for a corrected refresh before operators take the order over. */
  credentialsRefusedAssistAfterMs: number;
}

export interface LifecycleConfig {
  pollIntervalMs: number;
  waitingDeadlineMs: number;
  refreshWindowMs: number;
  notificationRetryDelaysMs: number[];
  notificationDeadlineMs: number;
  notificationTimeoutMs: number;
  /** An order's notification queue workflow closes after this long with nothing to send. */
  notificationQueueIdleMs: number;
}

/** How the API makes sure every accepted order's workflows get started (outbox relay and sweep). */
export interface OrderStartConfig {
  /** Time between two passes of the recovery sweep. */
  sweepIntervalMs: number;
  /** Unstarted orders younger than this are left to the relay that is starting them. */
  graceMs: number;
  /**
   * Requests in flight in an API process from which its relay holds order starts back (0: never), so
   * that a burst of requests does not share the CPU with Temporal's work on the starts.
   */
  busyRequests: number;
  /** The longest a held-back start waits: past it, the order is started however busy the API is. */
  maxDeferMs: number;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LoggingConfig {
  level: LogLevel;
}

/** Requests per minute; in memory, per API process. */
export interface RateLimitConfig {
  /** `POST /account/auth`, per client IP, and per API key once the key is known valid. */
  authPerMinute: number;
  /** Every other route, per API key once the key and token are known valid. */
  apiPerMinute: number;
  /** Every request whatever its credentials, per client IP, before anything else is done with it. */
  ipPerMinute: number;
  /** Failed logins for one email and API key before each further failure makes it wait (doubling delay). */
  loginFailuresBeforeDelay: number;
  loginDelayMaxMs: number;
}

/** The Temporal remote codec endpoints (`/codec/encode`, `/codec/decode`) the Temporal UI calls. */
export interface CodecConfig {
  /** Bearer token the callers present; null: only loopback callers in development, nobody otherwise. */
  authToken: string | null;
  /** The one browser origin allowed by CORS on the codec routes (the Temporal Web UI). */
  uiOrigin: string;
}

/** Prometheus metrics of the API (`GET /metrics`) and of the worker (its own ports). */
export interface MetricsConfig {
  /** Bearer token `GET /metrics` requires; null: the route is public (keep it off the internet). */
  token: string | null;
  /** Port of the Temporal SDK's Prometheus exporter in the worker; 0 disables it. */
  workerSdkPort: number;
  /** Port of the worker's own metrics (extranet calls); 0 disables it. */
  workerAppPort: number;
  /** How long the database-derived series (orders by state…) are cached between scrapes. */
  databaseCacheMs: number;
}

export interface StorageConfig {
  documentsDir: string;
  /** How often an order worker takes back the operator attachments no round can accept any more. */
  abandonedAttachmentSweepIntervalMs: number;
  /** Attachments stored more recently than this are left to the request that stored them. */
  abandonedAttachmentGraceMs: number;
}

/** The operator console (`/console`): its sessions and the lockout of its logins. */
export interface ConsoleConfig {
  /**
   * The API process serves the operator console under /console (CONSOLE_ENABLED, on by default): a
   * deployment may serve it from an internal replica only and switch it off on the public ones.
   */
  enabled: boolean;
  /** A session unused for this long is over. */
  sessionIdleTimeoutMs: number;
  /** A session is over this long after its login, however active. */
  sessionMaxAgeMs: number;
  /** Consecutive failed logins of one operator that lock the account. */
  loginFailuresBeforeLockout: number;
  /** How long a locked account refuses every login, correct ones included. */
  lockoutMs: number;
  /** Session cookies marked `Secure` (sent over HTTPS only): always in production. */
  secureCookies: boolean;
}

export interface AppConfig {
  lifecycle: LifecycleConfig;
  orderStarts: OrderStartConfig;
  storage: StorageConfig;
  mode: RuntimeMode;
  http: HttpConfig;
  database: DatabaseConfig;
  temporal: TemporalConfig;
  security: SecurityConfig;
  mail: MailConfig;
  outbound: OutboundConfig;
  webhooks: WebhookConfig;
  extranet: ExtranetConfig;
  metrics: MetricsConfig;
  logging: LoggingConfig;
  rateLimit: RateLimitConfig;
  codec: CodecConfig;
  console: ConsoleConfig;
}

// Development-only secrets: refused in production so a deployment cannot run with them by mistake.
export const DEVELOPMENT_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789abcdef';
export const DEVELOPMENT_ENCRYPTION_KEYS = 'dev:ZGV2LW9ubHktZW5jcnlwdGlvbi1rZXktMzJieXRlcyE=';

const DEVELOPMENT_KEY_MATERIAL = keyMaterial(DEVELOPMENT_ENCRYPTION_KEYS);

/** The bytes of `id:base64key` (standard or url-safe base64), whatever the id and the spaces around. */
function keyMaterial(entry: string): string {
  return Buffer.from(entry.slice(entry.indexOf(':') + 1).trim(), 'base64').toString('hex');
}

function listsDevelopmentKey(encryptionKeys: string): boolean {
  return encryptionKeys.split(',').some((entry) => keyMaterial(entry) === DEVELOPMENT_KEY_MATERIAL);
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and validates the whole configuration once; nothing else reads process.env. */
export function loadConfig(env: Environment = process.env): AppConfig {
  const read = new EnvReader(env);
  const modeRaw = read.string('NODE_ENV', 'development');
  if (!['development', 'test', 'production'].includes(modeRaw)) {
    throw new ConfigError('NODE_ENV', `must be development, test or production, got "${modeRaw}"`);
  }
  const mode = modeRaw as RuntimeMode;
  const port = read.integer('PORT', 3000, { min: 0, max: 65535 });
  const sandboxPort = read.integer('EXTRANET_SANDBOX_PORT', 3100, { min: 0, max: 65535 });

  const security: SecurityConfig = {
    jwtSecret: read.string('JWT_SECRET', DEVELOPMENT_JWT_SECRET),
    jwtPreviousSecrets: (read.optionalString('JWT_PREVIOUS_SECRETS') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    jwtIssuer: read.string('JWT_ISSUER', 'pre-statement-service'),
    jwtAudience: read.string('JWT_AUDIENCE', 'pre-statement-api'),
    tokenLifetimeSeconds: read.integer('TOKEN_LIFETIME_SECONDS', 3600, { min: 60, max: 86400 }),
    encryptionKeys: read.string('ENCRYPTION_KEY', DEVELOPMENT_ENCRYPTION_KEYS),
    passwordHashMemoryKiB: read.integer('PASSWORD_HASH_MEMORY_KIB', 19456, { min: 1024, max: 1048576 }),
  };
  if (security.jwtSecret.length < 32) throw new ConfigError('JWT_SECRET', 'must be at least 32 characters');
  if (mode === 'production') {
    if (security.jwtSecret === DEVELOPMENT_JWT_SECRET) {
      throw new ConfigError('JWT_SECRET', 'must be set to a real secret in production');
    }
    if (security.jwtPreviousSecrets.includes(DEVELOPMENT_JWT_SECRET)) {
      throw new ConfigError('JWT_PREVIOUS_SECRETS', 'must not list the development secret in production');
    }
    if (security.encryptionKeys === DEVELOPMENT_ENCRYPTION_KEYS) {
      throw new ConfigError('ENCRYPTION_KEY', 'must be set to a real key in production');
    }
    // Compared as key material: the same key under another id, listed second or re-encoded is the same key.
    if (listsDevelopmentKey(security.encryptionKeys)) {
      throw new ConfigError('ENCRYPTION_KEY', 'must not hold the development key in production');
    }
  }

  const logLevel = read.string('LOG_LEVEL', mode === 'test' ? 'warn' : 'info');
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const workerQueues = read.string('WORKER_QUEUES', 'all');
  if (!WORKER_QUEUES.includes(workerQueues as WorkerQueues)) {
    throw new ConfigError(
      'WORKER_QUEUES',
      `must be one of ${WORKER_QUEUES.join(', ')}, got "${workerQueues}"`,
    );
  }
  const codecAuthToken = read.optionalString('CODEC_AUTH_TOKEN');
  if (codecAuthToken !== null && codecAuthToken.length < 32) {
    throw new ConfigError('CODEC_AUTH_TOKEN', 'must be at least 32 characters');
  }
  const uiOrigin = read.url('TEMPORAL_UI_ORIGIN', 'http://localhost:8233', ['http:', 'https:'])!;

  const metricsToken = read.optionalString('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters');
  }

  const orderStarts: OrderStartConfig = {
    sweepIntervalMs: read.duration('ORDER_START_SWEEP_INTERVAL', '15s'),
    graceMs: read.duration('ORDER_START_GRACE', '30s'),
    busyRequests: read.integer('ORDER_START_BUSY_REQUESTS', 8, { min: 0, max: 100_000 }),
    maxDeferMs: read.duration('ORDER_START_MAX_DEFER', '20s'),
  };
  if (orderStarts.sweepIntervalMs < 100) {
    throw new ConfigError('ORDER_START_SWEEP_INTERVAL', 'must be at least 100ms');
  }
  if (orderStarts.maxDeferMs > 600_000) {
    throw new ConfigError('ORDER_START_MAX_DEFER', 'must be at most 10m');
  }

  const abandonedAttachmentSweepIntervalMs = read.duration('ATTACHMENT_SWEEP_INTERVAL', '10m');
  if (abandonedAttachmentSweepIntervalMs < 100) {
    throw new ConfigError('ATTACHMENT_SWEEP_INTERVAL', 'must be at least 100ms');
  }

  const failureAlertSweepIntervalMs = read.duration('NOTIFICATION_ALERT_SWEEP_INTERVAL', '5m');
  if (failureAlertSweepIntervalMs < 100) {
    throw new ConfigError('NOTIFICATION_ALERT_SWEEP_INTERVAL', 'must be at least 100ms');
  }

  // An attempt runs inside a local activity limited to one minute, with a batch's time budget before it.
  const notificationTimeoutMs = read.duration('NOTIFICATION_TIMEOUT', '15s');
  if (notificationTimeoutMs < 100 || notificationTimeoutMs > 30_000) {
    throw new ConfigError('NOTIFICATION_TIMEOUT', 'must be between 100ms and 30s');
  }

  const outbound = readOutboundConfig(read, mode);
  const extranet = readExtranetConfig(read, sandboxPort);
  const healthCheckTimeoutMs = read.duration('HEALTH_CHECK_TIMEOUT', '300ms');
  if (healthCheckTimeoutMs < 50 || healthCheckTimeoutMs > 10_000) {
    throw new ConfigError('HEALTH_CHECK_TIMEOUT', 'must be between 50ms and 10s');
  }

  const databaseUrl = read.url('DATABASE_URL', null, ['postgres:', 'postgresql:']);
  // 0 would be node-postgres's "no limit".
  const databaseConnectTimeoutMs = read.duration('DATABASE_CONNECT_TIMEOUT', '10s');
  if (databaseConnectTimeoutMs < 100) {
    throw new ConfigError('DATABASE_CONNECT_TIMEOUT', 'must be at least 100ms');
  }
  if (mode === 'production' && databaseUrl === null) {
    throw new ConfigError('DATABASE_URL', 'is required in production');
  }
  const publicBaseUrl = read.url('PUBLIC_BASE_URL', null, ['http:', 'https:']);
  // The worker signs the documents' links with it: a default would hand clients links to localhost.
  if (mode === 'production' && publicBaseUrl === null) {
    throw new ConfigError('PUBLIC_BASE_URL', 'is required in production (the base of the links clients get)');
  }

  return {
    mode,
    http: {
      port,
      host: read.string('HOST', '0.0.0.0'),
      publicBaseUrl: publicBaseUrl ?? `http://localhost:${port}`,
      jsonBodyLimitBytes: 1024 * 1024,
      uploadBodyLimitBytes: 30 * 1024 * 1024,
      credentialsBodyLimitBytes: 16 * 1024,
      headerLimitBytes: 16 * 1024,
      healthCheckTimeoutMs,
      trustProxyHops: read.integer('TRUST_PROXY_HOPS', 0, { min: 0, max: 10 }),
    },
    database: {
      url: databaseUrl ?? EMBEDDED_DATABASE_URL,
      embedded: databaseUrl === null,
      poolSize: read.integer('DATABASE_POOL_SIZE', 20, { min: 1, max: 200 }),
      connectTimeoutMs: databaseConnectTimeoutMs,
    },
    temporal: {
      address: read.hostPort('TEMPORAL_ADDRESS', 'localhost:7233'),
      namespace: read.string('TEMPORAL_NAMESPACE', 'default'),
      clientMaxAttempts: read.integer('TEMPORAL_CLIENT_MAX_ATTEMPTS', 10, { min: 1, max: 30 }),
      taskQueue: read.string('TEMPORAL_TASK_QUEUE', 'pre-statement-orders'),
      workerQueues: workerQueues as WorkerQueues,
      // One, as the SDK defaults to with a reused V8 context: a second isolate is memory, not speed.
      workflowThreads: read.integer('WORKER_WORKFLOW_THREADS', 1, { min: 1, max: 16 }),
      orderConcurrency: read.integer('ORDER_WORKER_CONCURRENCY', 5, { min: 2, max: 1000 }),
      // Sized to the workers' heap (deploy/worker/runtime.env, 384 MiB): a cached order workflow took
      // about 0.35 MiB (the benchmark's floor worker: 228 MiB with 10 cached, 289–297 with 200), about
      // 0.15 since the domain modules are shared (workflow-bundle.ts). 2,000 could outgrow the bound and
      // abort the worker; 400 take about 60 MiB.
      maxCachedWorkflows: read.integer('WORKER_MAX_CACHED_WORKFLOWS', 400, { min: 2, max: 100_000 }),
      workflowBundlePath: read.optionalString('WORKFLOW_BUNDLE_PATH'),
    },
    security,
    mail: {
      smtpUrl: read.url('SMTP_URL', null, ['smtp:', 'smtps:']),
      from: read.string('MAIL_FROM', 'Service pré-état daté <no-reply@pre-etat-date.local>'),
      outboxDir: read.string('MAIL_OUTBOX_DIR', 'var/mail'),
    },
    outbound,
    webhooks: {
      failureAlertAfterMs: read.duration('NOTIFICATION_ALERT_AFTER', '24h'),
      failureAlertSweepIntervalMs,
    },
    lifecycle: {
      pollIntervalMs: read.duration('POLL_INTERVAL', '6h'),
      waitingDeadlineMs: read.duration('WAITING_DEADLINE', '14d'),
      refreshWindowMs: read.duration('REFRESH_WINDOW', '180d'),
      notificationRetryDelaysMs: read.durations(
        'NOTIFICATION_RETRY_DELAYS',
        '5s,5m,30m,2h,5h,10h,14h,20h,24h',
      ),
      notificationDeadlineMs: read.duration('NOTIFICATION_DEADLINE', '4d'),
      notificationTimeoutMs,
      notificationQueueIdleMs: read.duration('NOTIFICATION_QUEUE_IDLE', '10m'),
    },
    orderStarts,
    storage: {
      documentsDir: read.string('DOCUMENTS_DIR', 'var/documents'),
      abandonedAttachmentSweepIntervalMs,
      // An operator's request waits a minute at most for its answer; ten leave it well done.
      abandonedAttachmentGraceMs: read.duration('ATTACHMENT_SWEEP_GRACE', '10m'),
    },
    extranet,
    metrics: {
      token: metricsToken,
      workerSdkPort: read.integer('WORKER_METRICS_PORT', 9464, { min: 0, max: 65535 }),
      workerAppPort: read.integer('WORKER_APP_METRICS_PORT', 9465, { min: 0, max: 65535 }),
      databaseCacheMs: read.duration('METRICS_DATABASE_CACHE', '5s'),
    },
    logging: { level: logLevel as LogLevel },
    rateLimit: {
      authPerMinute: read.integer('RATE_LIMIT_AUTH_PER_MINUTE', 20, { min: 1, max: 10_000_000 }),
      apiPerMinute: read.integer('RATE_LIMIT_API_PER_MINUTE', 600, { min: 1, max: 10_000_000 }),
      ipPerMinute: read.integer('RATE_LIMIT_IP_PER_MINUTE', 1200, { min: 1, max: 10_000_000 }),
      loginFailuresBeforeDelay: read.integer('LOGIN_FAILURES_BEFORE_DELAY', 5, { min: 1, max: 1_000_000 }),
      loginDelayMaxMs: read.duration('LOGIN_DELAY_MAX', '15m'),
    },
    codec: { authToken: codecAuthToken, uiOrigin: new URL(uiOrigin).origin },
    console: readConsoleConfig(read, mode),
  };
}

function readConsoleConfig(read: EnvReader, mode: RuntimeMode): ConsoleConfig {
  const sessionIdleTimeoutMs = read.duration('CONSOLE_SESSION_IDLE_TIMEOUT', '30m');
  // Seconds are allowed so that end-to-end tests can see a session expire.
  if (sessionIdleTimeoutMs < 1000)
    throw new ConfigError('CONSOLE_SESSION_IDLE_TIMEOUT', 'must be at least 1s');
  const sessionMaxAgeMs = read.duration('CONSOLE_SESSION_MAX_AGE', '12h');
  if (sessionMaxAgeMs < sessionIdleTimeoutMs) {
    throw new ConfigError('CONSOLE_SESSION_MAX_AGE', 'must be at least CONSOLE_SESSION_IDLE_TIMEOUT');
  }
  const lockoutMs = read.duration('CONSOLE_LOCKOUT', '15m');
  if (lockoutMs < 1000) throw new ConfigError('CONSOLE_LOCKOUT', 'must be at least 1s');
  return {
    enabled: read.boolean('CONSOLE_ENABLED', true),
    sessionIdleTimeoutMs,
    sessionMaxAgeMs,
    loginFailuresBeforeLockout: read.integer('CONSOLE_LOGIN_FAILURES_BEFORE_LOCKOUT', 5, {
      min: 1,
      max: 100,
    }),
    lockoutMs,
    // Not a variable: a production console behind plain HTTP would be a mistake, not a choice.
    secureCookies: mode === 'production',
  };
}

function readOutboundConfig(read: EnvReader, mode: RuntimeMode): OutboundConfig {
  const allowlist = (read.optionalString('CALLBACK_ALLOWLIST') ?? '')
    .split(',')
    .map((range) => range.trim())
    .filter((range) => range !== '');
  const invalid = allowlist.find((range) => parseIpRange(range) === null);
  if (invalid !== undefined) {
    throw new ConfigError('CALLBACK_ALLOWLIST', `must be CIDR ranges like 10.0.0.0/8, got "${invalid}"`);
  }
  return { allowPrivate: read.boolean('CALLBACK_ALLOW_PRIVATE', mode !== 'production'), allowlist };
}

function readExtranetConfig(read: EnvReader, sandboxPort: number): ExtranetConfig {
  // Live orders once fell back to it, and it defaulted to the sandbox: a live order got invented data and
  // the seller's password went to the sandbox. Refused rather than ignored, so no deployment relies on it.
  if (read.optionalString('EXTRANET_DEFAULT_URL') !== null) {
    throw new ConfigError(
      'EXTRANET_DEFAULT_URL',
      'is no longer supported: live orders use a connector registered for their syndic or their ' +
        'syndic.url, and wait for an operator otherwise; remove it',
    );
  }
  const heartbeatTimeoutMs = read.duration('EXTRANET_HEARTBEAT_TIMEOUT', '10s');
  if (heartbeatTimeoutMs < 1000) throw new ConfigError('EXTRANET_HEARTBEAT_TIMEOUT', 'must be at least 1s');
  const activityTimeoutMs = read.duration('EXTRANET_ACTIVITY_TIMEOUT', '2m');
  const giveUpAfterMs = read.duration('EXTRANET_GIVE_UP_AFTER', '24h');
  if (giveUpAfterMs < activityTimeoutMs) {
    throw new ConfigError('EXTRANET_GIVE_UP_AFTER', 'must be at least EXTRANET_ACTIVITY_TIMEOUT');
  }
  return {
    requestTimeoutMs: read.duration('EXTRANET_REQUEST_TIMEOUT', '15s'),
    activityTimeoutMs,
    heartbeatTimeoutMs,
    sandboxPort,
    sandboxHost: read.string('EXTRANET_SANDBOX_HOST', '127.0.0.1'),
    sandboxBaseUrl: read.url('EXTRANET_SANDBOX_URL', `http://127.0.0.1:${sandboxPort}`, ['http:', 'https:'])!,
    giveUpAfterMs,
    credentialsRefusedAssistAfterMs: read.duration('ASSIST_AFTER_CREDENTIALS_REFUSED', '48h'),
  };
}
