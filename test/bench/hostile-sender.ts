/**
 * Load generator of `npm run bench`'s hostile phase, in a process of its own so that sending 30 MB
 * bodies does not delay the benchmark's own measurements: HOSTILE_CLIENTS loops, each POSTing
 * HOSTILE_BYTES of deep nesting ending in a bad token, without credentials, to HOSTILE_URL, one after
 * the other, until SIGTERM; then it prints how many it sent.
 */
const url = process.env.HOSTILE_URL!;
const clients = Number(process.env.HOSTILE_CLIENTS ?? 4);
const body = Buffer.alloc(Number(process.env.HOSTILE_BYTES ?? 30 * 1024 * 1024), '[');
body[body.length - 1] = 'x'.charCodeAt(0);

let sent = 0;
let stopping = false;
const statuses = new Map<number, number>();

async function loop(): Promise<void> {
  while (!stopping) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      sent++;
    } catch {
      statuses.set(0, (statuses.get(0) ?? 0) + 1);
    }
  }
}

process.once('SIGTERM', () => {
  stopping = true;
  console.log(JSON.stringify({ sent, statuses: Object.fromEntries(statuses) }));
  process.exit(0);
});
void Promise.all(Array.from({ length: clients }, loop));
