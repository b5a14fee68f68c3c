'use strict';
// A dependency-free client of the pre-statement order API (Node.js >= 20, global fetch).
const { randomUUID } = require('node:crypto');

/** A refusal or failure of the API: the HTTP status, the service's French message, the request id. */
class ApiError extends Error {
  constructor(status, message, requestId) {
    super(`HTTP ${status}: ${message}`);
    this.name = 'ApiError';
    this.status = status;
    this.apiMessage = message;
    this.requestId = requestId;
  }
}

const RETRIED_STATUSES = new Set([429, 503]);

class PreStatementClient {
  /**
   * @param {{ baseUrl: string, apiKey: string, email: string, password: string, maxRetries?: number }} options
   */
  constructor({ baseUrl, apiKey, email, password, maxRetries = 3 }) {
    this.baseUrl = baseUrl.replace(/\/$/, '');
    this.apiKey = apiKey;
    this.email = email;
    this.password = password;
    this.maxRetries = maxRetries;
    this.token = null;
    this.tokenExpiresAt = 0;
  }

  /** POST /account/auth: a fresh access token (done automatically before it expires). */
  async authenticate() {
    const payload = await this.send('POST', '/account/auth', {
      body: { email: this.email, password: this.password },
      authenticated: false,
    });
    this.token = payload.access_token;
    this.tokenExpiresAt = Date.now() + payload.expires_in * 1000;
    return payload;
  }

  /**
   * POST /order/. The Idempotency-Key (random unless given) makes retrying this call safe: the same key
   * and body within 24 h return the first answer and create nothing.
   */
  createOrder(order, { idempotencyKey = randomUUID() } = {}) {
    return this.send('POST', '/order/', { body: order, headers: { 'Idempotency-Key': idempotencyKey } });
  }

  getOrder(orderid) {
    return this.send('GET', `/order/${encodeURIComponent(orderid)}`);
  }

  /** GET /order/?state=&external_id=&limit=&cursor= : one page, newest first, with next_cursor. */
  listOrders({ state, externalId, limit, cursor } = {}) {
    const query = new URLSearchParams();
    if (state) query.set('state', state);
    if (externalId) query.set('external_id', externalId);
    if (limit) query.set('limit', String(limit));
    if (cursor) query.set('cursor', cursor);
    const suffix = query.size > 0 ? `?${query}` : '';
    return this.send('GET', `/order/${suffix}`);
  }

  refreshOrder(orderid, refresh = {}) {
    return this.send('POST', `/order/${encodeURIComponent(orderid)}/refresh`, { body: refresh });
  }

  /** Upload method: documents as {doctype, filename, mimetype, content: Buffer}. */
  uploadDocuments(orderid, documents) {
    const body = {
      documents: documents.map((d) => ({ ...d, content: Buffer.from(d.content).toString('base64') })),
    };
    return this.send('POST', `/order/${encodeURIComponent(orderid)}/documents`, { body });
  }

  /** The finished pre-statement PDF, as a Buffer (409 before the order is done). */
  downloadPreStatement(orderid) {
    return this.send('GET', `/order/${encodeURIComponent(orderid)}/document`, { binary: true });
  }

  /** One page of the delivery log, oldest first: pass the previous page's `next_cursor` as `cursor`. */
  listNotifications(orderid, { limit, cursor } = {}) {
    const query = new URLSearchParams();
    if (limit !== undefined) query.set('limit', String(limit));
    if (cursor) query.set('cursor', cursor);
    const suffix = query.size > 0 ? `?${query}` : '';
    return this.send('GET', `/order/${encodeURIComponent(orderid)}/notifications${suffix}`);
  }

  redeliverNotification(orderid, notificationId) {
    const path = `/order/${encodeURIComponent(orderid)}/notifications/${encodeURIComponent(notificationId)}/redeliver`;
    return this.send('POST', path);
  }

  /** Test mode: have the service send a notification of `event` for a test-mode order. */
  sendTestEvent(orderid, event) {
    return this.send('POST', '/test/webhook-events', { body: { orderid, event } });
  }

  /** Polls the order until it reaches `state` (prefer waiting for the signed notification). */
  async waitForState(orderid, state, { timeoutMs = 120_000, intervalMs = 1000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const order = await this.getOrder(orderid);
      if (order.state === state) return order;
      if (Date.now() > deadline)
        throw new Error(`order ${orderid} is still ${order.state} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }

  /** One call: the envelope's payload, or ApiError. Renews the token; retries 429 and 503. */
  async send(method, path, { body, headers = {}, authenticated = true, binary = false } = {}) {
    for (let attempt = 0; ; attempt++) {
      if (authenticated && (!this.token || Date.now() > this.tokenExpiresAt - 60_000))
        await this.authenticate();
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          'X-Auth-Key': this.apiKey,
          ...(authenticated ? { Authorization: `Bearer ${this.token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.ok && binary) return Buffer.from(await response.arrayBuffer());
      const text = await response.text();
      let envelope;
      try {
        envelope = JSON.parse(text);
      } catch {
        envelope = { message: text, payload: null, success: false };
      }
      if (response.ok) return envelope.payload;
      if (response.status === 401 && authenticated && attempt === 0) {
        this.token = null; // expired or revoked: authenticate again once
        continue;
      }
      if (RETRIED_STATUSES.has(response.status) && attempt < this.maxRetries) {
        const retryAfter = Number(response.headers.get('retry-after'));
        const delayMs =
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 2 ** attempt * 500;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        continue;
      }
      throw new ApiError(response.status, envelope.message, response.headers.get('x-request-id'));
    }
  }
}

module.exports = { ApiError, PreStatementClient };
