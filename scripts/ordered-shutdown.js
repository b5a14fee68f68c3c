// Stopping the launchers' child processes: one with a grace time (`npm start`, and the cluster's
// supervisor), or groups of them in order, each group once every process of the one before has exited.
// `npm start` stops the service's processes first, then Temporal: a worker drains on SIGTERM, and the
// activities it lets finish report their results to Temporal, which must still be there to take them.

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * SIGTERM, then SIGKILL if the process still runs `graceMs` later (logged with its name). `termGroup`
 * and `killGroup` send each signal to the child's whole process group (a detached child) instead.
 */
async function stopChild(child, { name, graceMs, log, termGroup = false, killGroup = termGroup }) {
  if (exited(child)) return;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  const send = (signal, group) => {
    try {
      process.kill(group ? -child.pid : child.pid, signal);
    } catch {
      // already gone
    }
  };
  send('SIGTERM', termGroup);
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(true), graceMs);
  });
  if (await Promise.race([exit.then(() => false), late])) {
    log(`${name} did not stop within ${graceMs / 1000} s: killing it`);
    send('SIGKILL', killGroup);
    await exit;
  }
  clearTimeout(timer);
}

/** `groups`: lists of { name, child, group }, where `group` signals the child's whole process group. */
async function stopInOrder(groups, { graceMs = 45_000, log = () => undefined } = {}) {
  for (const group of groups) {
    await Promise.all(
      group.map(({ name, child, group: termGroup }) => stopChild(child, { name, graceMs, log, termGroup })),
    );
  }
}

module.exports = { stopChild, stopInOrder };
