// Whether something listens on a loopback port, for what starts servers and then waits for their ports
// (the cluster stack, the benchmark, the tests' Temporal dev servers). Waiting for a port proves nothing
// when another process already listens there: the new server fails to bind and exits, and the old one
// answers in its place (a server left by an interrupted run, whose figures the benchmark would then
// report as its own).
const net = require('node:net');

/** True when a TCP connection to `host`:`port` is accepted. */
function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Rejects, naming them, when any of `ports` is already listened on; call it before starting servers. */
async function assertPortsFree(ports) {
  const open = await Promise.all(ports.map((port) => portOpen(port)));
  const taken = ports.filter((_, i) => open[i]);
  if (taken.length > 0) {
    throw new Error(
      `port${taken.length > 1 ? 's' : ''} ${taken.join(', ')} already in use on 127.0.0.1: ` +
        'another process (perhaps left by an earlier run) would answer in place of the servers started now; stop it first',
    );
  }
}

module.exports = { portOpen, assertPortsFree };
