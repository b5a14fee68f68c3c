'use strict';
// The whole flow with the Node client: a webhook receiver, a test-mode order whose notifications come
// to it, signed and verified, until `done` carries the PDF; then the PDF is also downloaded.
//
//   API_BASE_URL=http://localhost:3000 API_KEY=psk_live_… EMAIL=etude@example.fr PASSWORD='…' \
//   WEBHOOK_SECRET=whsec_… node examples/node-client/flow.js
//
// Optional: WEBHOOK_HOST / WEBHOOK_PORT (where the receiver listens, default 127.0.0.1 and a free
// port), WEBHOOK_PUBLIC_URL (the address the service calls, when it differs: proxy, tunnel),
// TIMEOUT_MS (default 300000). The service refuses private callback addresses in production: run the
// receiver where the service can reach it, or locally against a service with CALLBACK_ALLOW_PRIVATE=true.
const { PreStatementClient } = require('./pre-statement-client');
const { createWebhookReceiver } = require('./webhook-receiver');

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
}

async function main() {
  const client = new PreStatementClient({
    baseUrl: required('API_BASE_URL'),
    apiKey: required('API_KEY'),
    email: required('EMAIL'),
    password: required('PASSWORD'),
  });
  const timeoutMs = Number(process.env.TIMEOUT_MS ?? 300_000);
  const received = [];
  let orderid = null;
  let onDone;
  const done = new Promise((resolve) => (onDone = resolve));
  const receiver = createWebhookReceiver({
    secret: required('WEBHOOK_SECRET'),
    onNotification(payload) {
      if (payload.orderid !== orderid) return;
      received.push(payload.status);
      console.log(`notification: order ${payload.orderid} is ${payload.status} (signature verified)`);
      if (payload.status === 'done') onDone(payload);
    },
  });
  const listening = await receiver.listen(Number(process.env.WEBHOOK_PORT ?? 0), process.env.WEBHOOK_HOST);
  const callbackUrl = process.env.WEBHOOK_PUBLIC_URL ?? listening;
  try {
    const order = await client.createOrder({
      address: '12 rue des Lilas',
      additional: '',
      city: 'Lyon',
      zipcode: '69003',
      owners: [{ firstname: 'Marie', lastname: 'Dupont' }],
      invoice: { address: '3 place Bellecour', city: 'Lyon', zipcode: '69002', lastname: 'Étude Martin' },
      method: 'extranet',
      syndic: { name: 'Foncia', username: 'marie.dupont', password: 'mot-de-passe-extranet' },
      external_id: 'DOSSIER-43',
      test_mode: true,
      callback_url: callbackUrl,
    });
    orderid = order.orderid;
    console.log(`created order ${orderid} (${order.state}), notifications to ${callbackUrl}`);

    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no done notification within ${timeoutMs} ms`)), timeoutMs);
    });
    const notification = await Promise.race([done, timeout]).finally(() => clearTimeout(timer));
    const pdf = Buffer.from(notification.content, 'base64');
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new Error('the done notification holds no PDF');

    const current = await client.getOrder(orderid);
    const downloaded = await client.downloadPreStatement(orderid);
    const summary = {
      orderid,
      state: current.state,
      external_id: current.external_id,
      notifications: received,
      signatures_verified: true,
      pdf_bytes: pdf.length,
      downloaded_bytes: downloaded.length,
    };
    console.log(JSON.stringify(summary));
  } finally {
    await receiver.close();
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
