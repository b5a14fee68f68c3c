'use strict';
// Receives the service's notifications and verifies their Standard Webhooks signature before trusting
// anything in them. Answer 2xx within 15 s, or the service retries; process after answering.
const http = require('node:http');
const { Webhook } = require('standardwebhooks');

const MAX_BODY_BYTES = 64 * 1024 * 1024; // a `done` notification carries the PDF in base64

/**
 * @param {{ secret: string, path?: string, onNotification: (payload: object, meta: { id: string }) => void }} options
 *   secret: the account's `whsec_…` signing secret.
 */
function createWebhookReceiver({ secret, path = '/webhooks/pre-etat-date', onNotification }) {
  const webhook = new Webhook(secret);
  // webhook-id is stable across the retries of one notification: deliver each once.
  const seen = new Set();
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== path) {
      res.writeHead(404).end();
      return;
    }
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let payload;
      try {
        // Checks the HMAC over id, timestamp and the exact bytes, and that the timestamp is recent.
        payload = webhook.verify(raw, {
          'webhook-id': req.headers['webhook-id'],
          'webhook-timestamp': req.headers['webhook-timestamp'],
          'webhook-signature': req.headers['webhook-signature'],
        });
      } catch {
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end('invalid signature');
        return;
      }
      const id = String(req.headers['webhook-id']);
      res.writeHead(204).end();
      if (seen.has(id)) return;
      seen.add(id);
      setImmediate(() => onNotification(payload, { id }));
    });
  });
  return {
    /** Starts listening; resolves to the URL to give as `callback_url`. */
    listen(port = 0, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(`http://${host}:${server.address().port}${path}`));
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

module.exports = { createWebhookReceiver };
