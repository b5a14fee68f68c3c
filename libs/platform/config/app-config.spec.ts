import {
  DEVELOPMENT_ENCRYPTION_KEYS,
  DEVELOPMENT_JWT_SECRET,
  EMBEDDED_DATABASE_URL,
  loadConfig,
} from './app-config';
import { ConfigError } from './config-error';
import { type Environment } from './env-reader';

const REAL_JWT_SECRET = 'a-real-production-secret-of-enough-length-0123';
const REAL_ENCRYPTION_KEY = `k1:${Buffer.alloc(32, 7).toString('base64')}`;
const PRODUCTION: Environment = {
  NODE_ENV: 'production',
  JWT_SECRET: REAL_JWT_SECRET,
  ENCRYPTION_KEY: REAL_ENCRYPTION_KEY,
  DATABASE_URL: 'postgres://app:pw@db.internal:5432/pre_statement',
  PUBLIC_BASE_URL: 'https://api.pre-etat.example.fr',
};

/** The ConfigError thrown by loadConfig(env); fails the test when none is thrown. */
function configError(env: Environment): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('runs in development with nothing set', () => {
    const config = loadConfig({});
    expect(config.mode).toBe('development');
    expect(config.http.port).toBe(3000);
    expect(config.http.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.http.jsonBodyLimitBytes).toBe(1024 * 1024);
    expect(config.http.uploadBodyLimitBytes).toBe(30 * 1024 * 1024);
    expect(config.database).toEqual({
      url: EMBEDDED_DATABASE_URL,
      embedded: true,
      poolSize: 20,
      connectTimeoutMs: 10_000,
    });
    expect(config.temporal.address).toBe('localhost:7233');
    expect(config.temporal.namespace).toBe('default');
    expect(config.temporal.workflowBundlePath).toBeNull();
    expect(config.security.jwtSecret).toBe(DEVELOPMENT_JWT_SECRET);
    expect(config.security.encryptionKeys).toBe(DEVELOPMENT_ENCRYPTION_KEYS);
    expect(config.security.tokenLifetimeSeconds).toBe(3600);
    expect(config.security.jwtPreviousSecrets).toEqual([]);
    expect(config.mail.smtpUrl).toBeNull();
    expect(config.mail.outboxDir).toBe('var/mail');
    expect(config.outbound.allowPrivate).toBe(true);
    expect(config.webhooks.failureAlertAfterMs).toBe(24 * 3600 * 1000);
    expect(config.webhooks.failureAlertSweepIntervalMs).toBe(5 * 60 * 1000);
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({ PORT: '  ', DATABASE_URL: '', TEMPORAL_NAMESPACE: ' ' });
    expect(config.http.port).toBe(3000);
    expect(config.database.embedded).toBe(true);
    expect(config.temporal.namespace).toBe('default');
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/db',
      TEMPORAL_ADDRESS: 'temporal.internal:7233',
      TEMPORAL_NAMESPACE: 'orders',
      PUBLIC_BASE_URL: 'https://api.example.fr',
      SMTP_URL: 'smtp://mail.example.fr:25',
      CALLBACK_ALLOW_PRIVATE: 'false',
      JWT_PREVIOUS_SECRETS: ' old-one , ,old-two ',
    });
    expect(config.mode).toBe('test');
    expect(config.http.port).toBe(8080);
    expect(config.http.publicBaseUrl).toBe('https://api.example.fr');
    expect(config.database).toEqual({
      url: 'postgresql://u:p@127.0.0.1:5432/db',
      embedded: false,
      poolSize: 20,
      connectTimeoutMs: 10_000,
    });
    expect(config.temporal.address).toBe('temporal.internal:7233');
    expect(config.temporal.namespace).toBe('orders');
    expect(config.mail.smtpUrl).toBe('smtp://mail.example.fr:25');
    expect(config.outbound.allowPrivate).toBe(false);
    expect(config.security.jwtPreviousSecrets).toEqual(['old-one', 'old-two']);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['TEMPORAL_ADDRESS', 'nohost'],
    ['TEMPORAL_ADDRESS', 'host:port'],
    ['CALLBACK_ALLOW_PRIVATE', 'maybe'],
    ['NODE_ENV', 'staging'],
    ['PUBLIC_BASE_URL', 'ftp://example.fr'],
    ['SMTP_URL', 'http://mail.example.fr'],
    ['TOKEN_LIFETIME_SECONDS', '10'],
    ['NOTIFICATION_ALERT_AFTER', 'one day'],
    ['NOTIFICATION_ALERT_SWEEP_INTERVAL', '10ms'],
  ])('refuses %s=%s with a ConfigError naming it', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message).toMatch(/^Invalid configuration: /);
  });

  it.each([
    ['1', true],
    ['yes', true],
    ['TRUE', true],
    ['on', true],
    ['0', false],
    ['no', false],
    ['False', false],
    ['off', false],
  ])('reads CALLBACK_ALLOW_PRIVATE=%s as %s', (value, expected) => {
    expect(loadConfig({ CALLBACK_ALLOW_PRIVATE: value }).outbound.allowPrivate).toBe(expected);
  });

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    const error = configError({ JWT_SECRET: 'x'.repeat(31) });
    expect(error.variable).toBe('JWT_SECRET');
    expect(error.message).toContain('at least 32 characters');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).security.jwtSecret).toBe('x'.repeat(32));
  });

  describe('in production', () => {
    it('starts with real secrets and a database, and refuses private callbacks by default', () => {
      const config = loadConfig(PRODUCTION);
      expect(config.mode).toBe('production');
      expect(config.database.embedded).toBe(false);
      expect(config.outbound.allowPrivate).toBe(false);
    });

    it('refuses the development JWT secret, whether defaulted or set explicitly', () => {
      expect(configError({ ...PRODUCTION, JWT_SECRET: undefined }).variable).toBe('JWT_SECRET');
      expect(configError({ ...PRODUCTION, JWT_SECRET: DEVELOPMENT_JWT_SECRET }).variable).toBe('JWT_SECRET');
    });

    it('refuses the development encryption key, whether defaulted or set explicitly', () => {
      expect(configError({ ...PRODUCTION, ENCRYPTION_KEY: undefined }).variable).toBe('ENCRYPTION_KEY');
      expect(configError({ ...PRODUCTION, ENCRYPTION_KEY: DEVELOPMENT_ENCRYPTION_KEYS }).variable).toBe(
        'ENCRYPTION_KEY',
      );
    });

    it('refuses the development JWT secret kept among the previous secrets', () => {
      const error = configError({
        ...PRODUCTION,
        JWT_PREVIOUS_SECRETS: `an-older-real-secret-of-enough-length-456789,${DEVELOPMENT_JWT_SECRET}`,
      });
      expect(error.variable).toBe('JWT_PREVIOUS_SECRETS');
      expect(error.message).not.toContain(DEVELOPMENT_JWT_SECRET);
    });

    it('refuses the development encryption key under another id, listed second, or re-encoded', () => {
      const developmentKey = DEVELOPMENT_ENCRYPTION_KEYS.slice(DEVELOPMENT_ENCRYPTION_KEYS.indexOf(':') + 1);
      const urlSafe = Buffer.from(developmentKey, 'base64').toString('base64url');
      for (const keys of [
        `k9:${developmentKey}`,
        `${REAL_ENCRYPTION_KEY},dev:${developmentKey}`,
        `${REAL_ENCRYPTION_KEY}, old : ${urlSafe}`,
      ]) {
        const error = configError({ ...PRODUCTION, ENCRYPTION_KEY: keys });
        expect(error.variable).toBe('ENCRYPTION_KEY');
        expect(error.message).not.toContain(developmentKey);
      }
    });

    it('requires DATABASE_URL instead of the embedded database', () => {
      const error = configError({ ...PRODUCTION, DATABASE_URL: undefined });
      expect(error.variable).toBe('DATABASE_URL');
      expect(error.message).toContain('required in production');
    });

    it('requires PUBLIC_BASE_URL, the base of the document links clients get, not localhost', () => {
      const error = configError({ ...PRODUCTION, PUBLIC_BASE_URL: undefined });
      expect(error.variable).toBe('PUBLIC_BASE_URL');
      expect(error.message).toContain('required in production');
      expect(loadConfig(PRODUCTION).http.publicBaseUrl).toBe('https://api.pre-etat.example.fr');
    });

    it('opens private callbacks only when asked', () => {
      expect(loadConfig({ ...PRODUCTION, CALLBACK_ALLOW_PRIVATE: 'true' }).outbound.allowPrivate).toBe(true);
    });
  });
});

describe('loadConfig: extranets and the outbound address policy', () => {
  it('has no default extranet for live orders, only the sandbox of test-mode orders', () => {
    const config = loadConfig({});
    expect(config.extranet).toEqual({
      requestTimeoutMs: 15_000,
      activityTimeoutMs: 120_000,
      heartbeatTimeoutMs: 10_000,
      sandboxPort: 3100,
      sandboxHost: '127.0.0.1',
      sandboxBaseUrl: 'http://127.0.0.1:3100',
      giveUpAfterMs: 86_400_000,
      credentialsRefusedAssistAfterMs: 172_800_000,
    });
  });

  it('hands live orders to operators after a day of failing steps or two days of refused credentials, configurable', () => {
    const config = loadConfig({ EXTRANET_GIVE_UP_AFTER: '6h', ASSIST_AFTER_CREDENTIALS_REFUSED: '30m' });
    expect(config.extranet.giveUpAfterMs).toBe(6 * 3_600_000);
    expect(config.extranet.credentialsRefusedAssistAfterMs).toBe(30 * 60_000);
    // Giving up sooner than one step may take would fail every slow step.
    expect(configError({ EXTRANET_GIVE_UP_AFTER: '1m' }).variable).toBe('EXTRANET_GIVE_UP_AFTER');
  });

  it.each([
    ['the sandbox in production', { ...PRODUCTION, EXTRANET_DEFAULT_URL: 'http://extranet-sandbox:3100' }],
    ['the sandbox port in production', { ...PRODUCTION, EXTRANET_DEFAULT_URL: 'http://127.0.0.1:3100/' }],
    ['a real extranet in production', { ...PRODUCTION, EXTRANET_DEFAULT_URL: 'https://extranet.example.fr' }],
    ['the sandbox in development', { EXTRANET_DEFAULT_URL: 'http://127.0.0.1:3100' }],
  ])('refuses to start with EXTRANET_DEFAULT_URL set (%s)', (_label, env) => {
    const error = configError(env);
    expect(error.variable).toBe('EXTRANET_DEFAULT_URL');
    expect(error.message).toContain('no longer supported');
  });

  it('reads the database connect timeout, never "no limit"', () => {
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT: '2s' }).database.connectTimeoutMs).toBe(2000);
    expect(configError({ DATABASE_CONNECT_TIMEOUT: '0s' }).variable).toBe('DATABASE_CONNECT_TIMEOUT');
  });

  it('reads the heartbeat timeout of the collection steps, at least a second', () => {
    expect(loadConfig({ EXTRANET_HEARTBEAT_TIMEOUT: '3s' }).extranet.heartbeatTimeoutMs).toBe(3000);
    expect(configError({ EXTRANET_HEARTBEAT_TIMEOUT: '500ms' }).variable).toBe('EXTRANET_HEARTBEAT_TIMEOUT');
  });

  it('reads one allowlist for callbacks and extranets, refusing what is not a CIDR range at start', () => {
    expect(loadConfig({ ...PRODUCTION, CALLBACK_ALLOWLIST: ' 10.1.0.0/16, fd00::/8 ,' }).outbound).toEqual({
      allowPrivate: false,
      allowlist: ['10.1.0.0/16', 'fd00::/8'],
    });
    for (const value of ['localhost', '10.0.0.0/33', '10.0.0.0/8,intranet']) {
      const error = configError({ CALLBACK_ALLOWLIST: value });
      expect(error.variable).toBe('CALLBACK_ALLOWLIST');
    }
  });
});

describe('loadConfig: worker task queues and notification queues', () => {
  it('runs both task queues in one worker process unless WORKER_QUEUES picks one', () => {
    expect(loadConfig({}).temporal.workerQueues).toBe('all');
    expect(loadConfig({ WORKER_QUEUES: 'notifications' }).temporal.workerQueues).toBe('notifications');
    expect(loadConfig({ WORKER_QUEUES: 'orders' }).temporal.workerQueues).toBe('orders');
    expect(configError({ WORKER_QUEUES: 'webhooks' }).variable).toBe('WORKER_QUEUES');
  });

  it('runs workflow code on one thread, five order tasks at a time and keeps 400 workflows cached by default, configurable', () => {
    expect(loadConfig({}).temporal).toMatchObject({
      workflowThreads: 1,
      orderConcurrency: 5,
      maxCachedWorkflows: 400,
    });
    expect(
      loadConfig({
        WORKER_WORKFLOW_THREADS: '2',
        ORDER_WORKER_CONCURRENCY: '50',
        WORKER_MAX_CACHED_WORKFLOWS: '2000',
      }).temporal,
    ).toMatchObject({ workflowThreads: 2, orderConcurrency: 50, maxCachedWorkflows: 2000 });
    expect(configError({ WORKER_WORKFLOW_THREADS: '0' }).variable).toBe('WORKER_WORKFLOW_THREADS');
    expect(configError({ ORDER_WORKER_CONCURRENCY: '1' }).variable).toBe('ORDER_WORKER_CONCURRENCY');
  });

  it('reads how many times an API call to Temporal is tried, the SDK’s 10 by default', () => {
    expect(loadConfig({}).temporal.clientMaxAttempts).toBe(10);
    expect(loadConfig({ TEMPORAL_CLIENT_MAX_ATTEMPTS: '2' }).temporal.clientMaxAttempts).toBe(2);
    expect(configError({ TEMPORAL_CLIENT_MAX_ATTEMPTS: '0' }).variable).toBe('TEMPORAL_CLIENT_MAX_ATTEMPTS');
  });

  it('bounds the webhook timeout so an attempt fits its local activity', () => {
    expect(loadConfig({}).lifecycle.notificationTimeoutMs).toBe(15_000);
    expect(loadConfig({ NOTIFICATION_TIMEOUT: '30s' }).lifecycle.notificationTimeoutMs).toBe(30_000);
    expect(configError({ NOTIFICATION_TIMEOUT: '45s' }).variable).toBe('NOTIFICATION_TIMEOUT');
  });

  it('closes an idle notification queue after 10 minutes by default', () => {
    expect(loadConfig({}).lifecycle.notificationQueueIdleMs).toBe(600_000);
    expect(loadConfig({ NOTIFICATION_QUEUE_IDLE: '30s' }).lifecycle.notificationQueueIdleMs).toBe(30_000);
    expect(configError({ NOTIFICATION_QUEUE_IDLE: 'soon' }).variable).toBe('NOTIFICATION_QUEUE_IDLE');
  });
});

describe('loadConfig: logging, rate limits and the codec endpoints', () => {
  it('defaults to info logs, quiet (warn) in tests unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({}).logging.level).toBe('info');
    expect(loadConfig({ NODE_ENV: 'test' }).logging.level).toBe('warn');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logging.level).toBe('debug');
    expect(configError({ LOG_LEVEL: 'verbose' }).variable).toBe('LOG_LEVEL');
  });

  it('has production-minded rate limits by default, configurable', () => {
    expect(loadConfig({}).rateLimit).toEqual({
      authPerMinute: 20,
      apiPerMinute: 600,
      ipPerMinute: 1200,
      loginFailuresBeforeDelay: 5,
      loginDelayMaxMs: 15 * 60_000,
    });
    const config = loadConfig({
      RATE_LIMIT_AUTH_PER_MINUTE: '5',
      RATE_LIMIT_API_PER_MINUTE: '100',
      RATE_LIMIT_IP_PER_MINUTE: '300',
      LOGIN_FAILURES_BEFORE_DELAY: '3',
      LOGIN_DELAY_MAX: '1h',
      TRUST_PROXY_HOPS: '1',
    });
    expect(config.rateLimit).toEqual({
      authPerMinute: 5,
      apiPerMinute: 100,
      ipPerMinute: 300,
      loginFailuresBeforeDelay: 3,
      loginDelayMaxMs: 3_600_000,
    });
    expect(config.http.trustProxyHops).toBe(1);
    expect(configError({ RATE_LIMIT_API_PER_MINUTE: '0' }).variable).toBe('RATE_LIMIT_API_PER_MINUTE');
    expect(configError({ RATE_LIMIT_IP_PER_MINUTE: '0' }).variable).toBe('RATE_LIMIT_IP_PER_MINUTE');
  });

  it('bounds each health check to 300 ms by default, configurable within 50 ms and 10 s', () => {
    expect(loadConfig({}).http.healthCheckTimeoutMs).toBe(300);
    expect(loadConfig({ HEALTH_CHECK_TIMEOUT: '2s' }).http.healthCheckTimeoutMs).toBe(2000);
    expect(configError({ HEALTH_CHECK_TIMEOUT: '10ms' }).variable).toBe('HEALTH_CHECK_TIMEOUT');
    expect(configError({ HEALTH_CHECK_TIMEOUT: '1m' }).variable).toBe('HEALTH_CHECK_TIMEOUT');
  });

  it('sweeps unstarted orders every 15 s once 30 s old by default, configurable', () => {
    expect(loadConfig({}).orderStarts).toMatchObject({ sweepIntervalMs: 15_000, graceMs: 30_000 });
    expect(
      loadConfig({ ORDER_START_SWEEP_INTERVAL: '500ms', ORDER_START_GRACE: '0s' }).orderStarts,
    ).toMatchObject({
      sweepIntervalMs: 500,
      graceMs: 0,
    });
    expect(configError({ ORDER_START_SWEEP_INTERVAL: '10ms' }).variable).toBe('ORDER_START_SWEEP_INTERVAL');
    expect(configError({ ORDER_START_GRACE: 'soon' }).variable).toBe('ORDER_START_GRACE');
  });

  it('sweeps abandoned operator attachments every 10 min once 10 min old by default, configurable', () => {
    expect(loadConfig({}).storage).toMatchObject({
      abandonedAttachmentSweepIntervalMs: 600_000,
      abandonedAttachmentGraceMs: 600_000,
    });
    expect(
      loadConfig({ ATTACHMENT_SWEEP_INTERVAL: '300ms', ATTACHMENT_SWEEP_GRACE: '0s' }).storage,
    ).toMatchObject({ abandonedAttachmentSweepIntervalMs: 300, abandonedAttachmentGraceMs: 0 });
    expect(configError({ ATTACHMENT_SWEEP_INTERVAL: '10ms' }).variable).toBe('ATTACHMENT_SWEEP_INTERVAL');
    expect(configError({ ATTACHMENT_SWEEP_GRACE: 'later' }).variable).toBe('ATTACHMENT_SWEEP_GRACE');
  });

  it('holds order starts back from 8 requests in flight, 20 s at most, by default, configurable', () => {
    expect(loadConfig({}).orderStarts).toMatchObject({ busyRequests: 8, maxDeferMs: 20_000 });
    expect(
      loadConfig({ ORDER_START_BUSY_REQUESTS: '0', ORDER_START_MAX_DEFER: '2s' }).orderStarts,
    ).toMatchObject({ busyRequests: 0, maxDeferMs: 2_000 });
    expect(configError({ ORDER_START_BUSY_REQUESTS: '-1' }).variable).toBe('ORDER_START_BUSY_REQUESTS');
    expect(configError({ ORDER_START_MAX_DEFER: '1h' }).variable).toBe('ORDER_START_MAX_DEFER');
  });

  it('takes the codec token and the Temporal UI origin', () => {
    expect(loadConfig({}).codec).toEqual({ authToken: null, uiOrigin: 'http://localhost:8233' });
    const token = 'a-codec-token-of-enough-length-0123456789';
    expect(
      loadConfig({ CODEC_AUTH_TOKEN: token, TEMPORAL_UI_ORIGIN: 'https://temporal.example.fr/ui/' }).codec,
    ).toEqual({ authToken: token, uiOrigin: 'https://temporal.example.fr' });
    expect(configError({ CODEC_AUTH_TOKEN: 'short' }).variable).toBe('CODEC_AUTH_TOKEN');
  });
});

describe('loadConfig: the operator console', () => {
  it('keeps sessions 30 min idle and 12 h at most, and locks an operator 15 min after 5 failures', () => {
    expect(loadConfig({}).console).toEqual({
      enabled: true,
      sessionIdleTimeoutMs: 30 * 60_000,
      sessionMaxAgeMs: 12 * 3_600_000,
      loginFailuresBeforeLockout: 5,
      lockoutMs: 15 * 60_000,
      secureCookies: false,
    });
  });

  it('reads the values it is given', () => {
    expect(
      loadConfig({
        CONSOLE_SESSION_IDLE_TIMEOUT: '10m',
        CONSOLE_SESSION_MAX_AGE: '8h',
        CONSOLE_LOGIN_FAILURES_BEFORE_LOCKOUT: '3',
        CONSOLE_LOCKOUT: '1h',
        CONSOLE_ENABLED: 'false',
      }).console,
    ).toEqual({
      enabled: false,
      sessionIdleTimeoutMs: 600_000,
      sessionMaxAgeMs: 8 * 3_600_000,
      loginFailuresBeforeLockout: 3,
      lockoutMs: 3_600_000,
      secureCookies: false,
    });
  });

  it('marks the session cookies Secure in production', () => {
    expect(loadConfig(PRODUCTION).console.secureCookies).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).console.secureCookies).toBe(false);
  });

  it.each([
    [{ CONSOLE_SESSION_IDLE_TIMEOUT: '30' }, 'CONSOLE_SESSION_IDLE_TIMEOUT'],
    [{ CONSOLE_SESSION_IDLE_TIMEOUT: '500ms' }, 'CONSOLE_SESSION_IDLE_TIMEOUT'],
    [{ CONSOLE_SESSION_MAX_AGE: '20m' }, 'CONSOLE_SESSION_MAX_AGE'],
    [{ CONSOLE_SESSION_IDLE_TIMEOUT: '2h', CONSOLE_SESSION_MAX_AGE: '1h' }, 'CONSOLE_SESSION_MAX_AGE'],
    [{ CONSOLE_LOGIN_FAILURES_BEFORE_LOCKOUT: '0' }, 'CONSOLE_LOGIN_FAILURES_BEFORE_LOCKOUT'],
    [{ CONSOLE_LOGIN_FAILURES_BEFORE_LOCKOUT: 'five' }, 'CONSOLE_LOGIN_FAILURES_BEFORE_LOCKOUT'],
    [{ CONSOLE_LOCKOUT: '0s' }, 'CONSOLE_LOCKOUT'],
  ])('refuses %j naming the variable', (env, variable) => {
    expect(configError(env).variable).toBe(variable);
  });
});
