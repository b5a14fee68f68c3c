// Stops child processes group by group, each group once every process of the one before has exited.
// `npm start` stops the service's processes first, then Temporal: a worker drains on SIGTERM, and the
// activities it lets finish report their results to Temporal, which must still be there to take them.
// A process still running `graceMs` after SIGTERM is killed.

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** `entry`: { name, child, group }; `group` signals the child's whole process group (detached). */
async function stopOne(entry, graceMs, log) {
  const { name, child, group } = entry;
  if (exited(child)) return;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  const send = (signal) => {
    try {
      if (group) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  send('SIGTERM');
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(true), graceMs);
  });
  if (await Promise.race([exit.then(() => false), late])) {
    log(`${name} did not stop within ${graceMs / 1000} s: killing it`);
    send('SIGKILL');
    await exit;
  }
  clearTimeout(timer);
}

async function stopInOrder(groups, { graceMs = 45_000, log = () => undefined } = {}) {
  for (const group of groups) await Promise.all(group.map((entry) => stopOne(entry, graceMs, log)));
}

module.exports = { stopInOrder };
