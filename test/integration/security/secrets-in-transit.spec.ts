import { randomUUID } from 'node:crypto';
import { Client } from '@temporalio/client';
import { METADATA_ENCODING_KEY } from '@temporalio/common';
import { Runtime } from '@temporalio/worker';
import { TemporalPinoLogger } from '@apps/worker/src/temporal-pino.logger';
import { orderNotificationsWorkflowId } from '@libs/notifications/notification-workflow.contract';
import { orderWorkflowId } from '@libs/orders/order-id';
import { createAppLogger } from '@libs/platform/logging/app-logger';
import { ENCRYPTED_ENCODING } from '@libs/platform/temporal/encryption-payload.codec';
import { type JsonPayload } from '@libs/platform/temporal/remote-codec.service';
import { CapturedLog } from '../../support/captured-log';
import { pdfBytes, uploadItem } from '../../support/document-fixtures';
import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import { orderBody } from '../../support/order-fixtures';
import { waitFor } from '../../support/wait-for';

const CODEC_TOKEN = 'codec-token-for-the-tests-0123456789abcdef';
const marker = (name: string) => `${name}-${randomUUID().slice(0, 8)}`;

interface FoundPayload {
  path: string;
  metadata: Record<string, Uint8Array>;
  data: Uint8Array;
}

/** Every payload of a history (or any proto object), with where it was found. */
function payloadsOf(value: unknown, path = '', found: FoundPayload[] = []): FoundPayload[] {
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return found;
  const candidate = value as { metadata?: unknown; data?: unknown };
  if (candidate.metadata && typeof candidate.metadata === 'object' && !Array.isArray(candidate.metadata)) {
    const metadataValues = Object.values(candidate.metadata as object);
    if (metadataValues.length > 0 && metadataValues.every((v) => v instanceof Uint8Array)) {
      found.push({
        path,
        metadata: candidate.metadata as Record<string, Uint8Array>,
        data: candidate.data instanceof Uint8Array ? candidate.data : new Uint8Array(),
      });
      return found;
    }
  }
  for (const [key, child] of Object.entries(value))
    payloadsOf(child, path === '' ? key : `${path}.${key}`, found);
  return found;
}

/** Everything a reader of the raw history sees, as text: strings, and bytes read as Latin-1. */
function rawText(value: unknown): string {
  const parts: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') parts.push(v);
    else if (v instanceof Uint8Array)
      parts.push(Buffer.from(v).toString('latin1'), Buffer.from(v).toString('utf8'));
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return parts.join('\n');
}

const encodingOf = (p: FoundPayload) => Buffer.from(p.metadata[METADATA_ENCODING_KEY] ?? []).toString();
const isSearchAttribute = (p: FoundPayload) => /searchAttributes/i.test(p.path);
/**
 * The `data` of a local activity marker is the SDK core's own bookkeeping (sequence number, activity
 * id and type, attempt, times), written by the core without going through the payload codec; the
 * activity's result in the same marker is encrypted like any payload.
 */
const LOCAL_ACTIVITY_MARKER_KEYS = [
  'seq',
  'attempt',
  'activity_id',
  'activity_type',
  'complete_time',
  'backoff',
  'original_schedule_time',
];
const isLocalActivityMarkerData = (p: FoundPayload) =>
  /markerRecordedEventAttributes\.details\.data\./.test(p.path);

/**
 * One full lifecycle (extranet order, refresh with new credentials, upload order with documents, a
 * failed login, a forged token), then: what Temporal holds, what the codec endpoint shows an operator,
 * what the database holds and what the logs hold.
 */
describe('secrets in Temporal, the database and the logs', () => {
  const log = new CapturedLog();
  let stack: LifecycleStack;
  const syndicPassword = marker('SyndicPw');
  const newSyndicPassword = marker('NewSyndicPw');
  const owner = { firstname: marker('Hortense'), lastname: marker('Quibrac') };
  const uploadedContent = pdfBytes(marker('contenu-confidentiel')).toString('base64');
  const wrongPassword = marker('wrong-password');
  const forgedToken = `eyJhbGciOiJub25lIn0.${Buffer.from('{"sub":"x"}').toString('base64url')}.`;
  let extranetOrder: string;
  let uploadOrder: string;

  beforeAll(async () => {
    // Before the stack: its worker's SDK lines (worker, workflows, activities) come here too.
    Runtime.install({
      logger: new TemporalPinoLogger(
        createAppLogger({ level: 'trace', service: 'worker', destination: log.stream }),
      ),
    });
    stack = await startLifecycleStack(
      { LOG_LEVEL: 'trace', CODEC_AUTH_TOKEN: CODEC_TOKEN },
      { api: { logDestination: log.stream } },
    );
    const http = stack.http;
    const headers = stack.account.headers;
    const stateOf = async (orderid: string) =>
      ((await http.get(`/order/${orderid}`, headers)).json as { payload: { state: string } }).payload.state;

    // An extranet order to done, then refreshed with new credentials, to done again.
    const created = await http.post(
      '/order/',
      orderBody({
        owners: [owner],
        external_id: 'DOSSIER-SECRET',
        syndic: { name: 'Foncia', username: 'jeanne.martin', password: syndicPassword },
      }),
      headers,
    );
    extranetOrder = (created.json as { payload: { orderid: string } }).payload.orderid;
    await waitFor(async () => (await stateOf(extranetOrder)) === 'done', { what: 'done' });
    const refreshed = await http.post(
      `/order/${extranetOrder}/refresh`,
      {
        method: 'extranet',
        comment: '',
        syndic: { name: 'Foncia', username: 'jeanne.martin', password: newSyndicPassword },
      },
      headers,
    );
    expect(refreshed.status).toBe(200);
    await waitFor(() => stack.receiver.statusesOf(extranetOrder).filter((s) => s === 'done').length === 2, {
      what: 'second done notification',
    });

    // An upload order whose documents travel in the request.
    const upload = await http.post(
      '/order/',
      orderBody({
        method: 'upload',
        syndic: undefined,
        owners: [owner],
        documents: [
          uploadItem({ doctype: 1, content: uploadedContent }),
          uploadItem({ doctype: 2, content: uploadedContent }),
          uploadItem({ doctype: 3, content: uploadedContent }),
          uploadItem({ doctype: 7, content: uploadedContent }),
        ],
      }),
      headers,
    );
    uploadOrder = (upload.json as { payload: { orderid: string } }).payload.orderid;
    await waitFor(async () => (await stateOf(uploadOrder)) === 'done', { what: 'upload order done' });
    await waitFor(() => stack.receiver.statusesOf(uploadOrder).includes('done'), {
      what: 'its notification',
    });

    // What an attacker or a confused client sends.
    expect(
      (
        await http.post(
          '/account/auth',
          { email: stack.account.email, password: wrongPassword },
          { 'X-Auth-Key': stack.account.apiKey },
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await http.get('/order/', {
          'X-Auth-Key': stack.account.apiKey,
          Authorization: `Bearer ${forgedToken}`,
        })
      ).status,
    ).toBe(401);
  });
  afterAll(() => stack.close());

  /** The order's workflow and its notification queue, as anyone with access to Temporal reads them. */
  async function rawHistory(orderid: string) {
    const plain = new Client({
      connection: stack.api.temporal.connection,
      namespace: stack.api.config.temporal.namespace,
    });
    return Promise.all(
      [orderWorkflowId(orderid), orderNotificationsWorkflowId(orderid)].map((id) =>
        plain.workflow.getHandle(id).fetchHistory(),
      ),
    );
  }

  describe('Temporal history', () => {
    it('holds every payload encrypted; only the search attributes are in clear, and carry nothing secret', async () => {
      const sentOf = (payloads: FoundPayload[]) =>
        payloads.filter((p) => !isSearchAttribute(p) && !isLocalActivityMarkerData(p));
      const resultsOf = (sent: FoundPayload[]) =>
        sent.filter((p) => /markerRecordedEventAttributes\.details\.result\./.test(p.path));
      for (const orderid of [extranetOrder, uploadOrder]) {
        // A local activity's marker enters the history once its workflow task completes: the order's
        // last steps and the `done` attempt may still be on their way when the `done` is received.
        const payloads = await waitFor(
          async () => {
            const all = payloadsOf(await rawHistory(orderid));
            return sentOf(all).length >= 10 && resultsOf(sentOf(all)).length > 3 ? all : null;
          },
          { what: `the local activities' results in the histories of ${orderid}` },
        );
        for (const marker of payloads.filter(isLocalActivityMarkerData)) {
          const fields = Object.keys(JSON.parse(Buffer.from(marker.data).toString()) as object);
          expect(fields.filter((field) => !LOCAL_ACTIVITY_MARKER_KEYS.includes(field))).toEqual([]);
        }
        const sent = sentOf(payloads);
        // The upload order's histories hold 10 payloads or more (its database steps and notification
        // attempts are local activities: their results are in the markers, and must be encrypted).
        expect(sent.length).toBeGreaterThanOrEqual(10);
        expect(resultsOf(sent).length).toBeGreaterThan(3);
        expect(sent.filter((p) => encodingOf(p) !== ENCRYPTED_ENCODING).map((p) => p.path)).toEqual([]);
        const attributes = payloads.filter(isSearchAttribute).map((p) => Buffer.from(p.data).toString());
        expect(attributes.join()).toContain(orderid);
        for (const secret of [syndicPassword, newSyndicPassword, owner.firstname, owner.lastname]) {
          expect(attributes.join()).not.toContain(secret);
        }
      }
    });

    it('shows, read raw, neither the syndic passwords, nor the owners, nor any workflow input', async () => {
      for (const orderid of [extranetOrder, uploadOrder]) {
        const text = rawText(await rawHistory(orderid));
        for (const secret of [
          syndicPassword,
          newSyndicPassword,
          owner.firstname,
          owner.lastname,
          uploadedContent.slice(0, 40),
        ]) {
          expect(text).not.toContain(secret);
        }
        // Inputs and results are unreadable: their field names are nowhere.
        expect(text).not.toContain('pollIntervalMs');
        expect(text).not.toContain('sso_provider');
      }
    });

    it('is readable through the codec endpoint by an operator, and still holds no secret', async () => {
      const payloads = payloadsOf(await rawHistory(extranetOrder)).filter((p) => !isSearchAttribute(p));
      const body = {
        payloads: payloads.map((p) => ({
          metadata: Object.fromEntries(
            Object.entries(p.metadata).map(([k, v]) => [k, Buffer.from(v).toString('base64')]),
          ),
          data: Buffer.from(p.data).toString('base64'),
        })),
      };
      expect((await stack.http.post('/codec/decode', body)).status).toBe(401);
      const res = await stack.http.post('/codec/decode', body, {
        Authorization: `Bearer ${CODEC_TOKEN}`,
        'X-Namespace': stack.api.config.temporal.namespace,
      });
      expect(res.status).toBe(200);
      const decoded = (res.json as { payloads: JsonPayload[] }).payloads;
      expect(decoded).toHaveLength(payloads.length);
      const text = decoded.map((p) => Buffer.from(p.data, 'base64').toString('utf8')).join('\n');
      // The workflow input, the activity arguments and the refresh's answer, in clear for the operator.
      expect(text).toContain(`"orderid":"${extranetOrder}"`);
      expect(text).toContain(`"account":"${stack.account.email}"`);
      expect(text).toContain('"externalId":"DOSSIER-SECRET"');
      expect(text).toContain('pollIntervalMs');
      expect(text).toContain('"state":"need-refresh"');
      expect(text).toContain('sso_provider');
      // Credentials and the owners never travel through Temporal at all: activities read them from the database.
      for (const secret of [syndicPassword, newSyndicPassword, owner.firstname, owner.lastname]) {
        expect(text).not.toContain(secret);
      }
    });
  });

  describe('database', () => {
    it('holds the syndic passwords sealed under the active key, never in clear', async () => {
      const db = stack.api.dataSource;
      const [order] = await db.query(
        `SELECT syndic_password_sealed, row_to_json(o)::text AS whole FROM orders o WHERE orderid = $1`,
        [extranetOrder],
      );
      expect(order.syndic_password_sealed).toMatch(/^v1\.dev\./);
      const requests = await db.query(
        `SELECT syndic_password_sealed, row_to_json(r)::text AS whole FROM order_refresh_requests r WHERE orderid = $1`,
        [extranetOrder],
      );
      expect(requests).toHaveLength(1);
      expect(requests[0].syndic_password_sealed).toMatch(/^v1\.dev\./);
      const everything = [order.whole, requests[0].whole].join('\n');
      expect(everything).not.toContain(syndicPassword);
      expect(everything).not.toContain(newSyndicPassword);
      expect(stack.api.security.secretBox.open(requests[0].syndic_password_sealed, extranetOrder)).toBe(
        newSyndicPassword,
      );
    });
  });

  describe('logs', () => {
    it('are JSON lines carrying the request id and the order id', () => {
      const lines = log.lines();
      const requests = lines.filter((l) => l.msg === 'request completed');
      expect(requests.length).toBeGreaterThan(10);
      expect(requests.every((l) => typeof l.reqId === 'string' && typeof l.status === 'number')).toBe(true);
      expect(
        requests.some((l) => l.orderid === extranetOrder && l.path === `/order/${extranetOrder}/refresh`),
      ).toBe(true);
      const worker = lines.filter((l) => l.service === 'worker' && l.orderid === extranetOrder);
      expect(worker.some((l) => l.activityType === 'verifyExtranetLogin')).toBe(true);
    });

    it('contain no token, API key, password, webhook secret or document content', async () => {
      const text = log.text();
      const pdf = String(
        stack.receiver.forOrder(uploadOrder).find((w) => w.body.status === 'done')?.body.content ?? '',
      );
      expect(pdf.length).toBeGreaterThan(100);
      const forbidden = {
        token: stack.account.token,
        'token signature': stack.account.token.split('.')[2]!,
        'API key secret part': stack.account.apiKey.slice(-43),
        'account password': stack.account.password,
        'wrong password tried': wrongPassword,
        'forged token': forgedToken,
        'webhook secret': stack.account.webhookSecret.slice('whsec_'.length),
        'syndic password': syndicPassword,
        'new syndic password': newSyndicPassword,
        'uploaded document': uploadedContent.slice(20, 80),
        'pre-statement PDF': pdf.slice(100, 160),
      };
      for (const [what, secret] of Object.entries(forbidden)) {
        expect({ what, found: text.includes(secret) }).toEqual({ what, found: false });
      }
    });
  });
});
