import { randomUUID } from 'node:crypto';
import os from 'node:os';

/** The names of this process's runners that are running now (each app's report and data-request runners). */
const running = new Set<string>();

/**
 * A name for a background runner (report runs, data requests) that the rows it takes carry:
 * `host:pid:instance`. Several api nodes share the tables (issue 17), so at its start a runner
 * fails only the rows of runners that are gone (see runnerGone), never another live node's.
 */
export function runnerName(): { name: string; retire(): void } {
  const name = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  running.add(name);
  return { name, retire: () => void running.delete(name) };
}

/** Whether a process of this host is running (a signal 0 is sent: nothing is delivered). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the runner of a row is gone, so nothing will ever finish the row: true for a row with no
 * runner (written before runners were named) and for a runner of this host whose process has ended
 * (or is this process, which has no such runner now: a restart that got the same process id, as a
 * container's process 1 does). False for a live runner of this host, and for every runner of
 * another host, which this node cannot see: its rows wait for that host's next start (docs/scaling.md).
 */
export function runnerGone(runner: string | null): boolean {
  if (!runner) return true;
  const [host, pidText] = runner.split(':');
  if (host !== os.hostname()) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return !running.has(runner);
  return !processAlive(pid);
}
