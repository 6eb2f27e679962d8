// Measuring a run: percentiles, CPU per process group from /proc, the machine line, progress lines,
// the browser's pid and flags, and clean-up when a run is stopped or outlasts its time.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Wall-clock CPU use (in cores) of process groups, from /proc. */
export class CpuMeter {
  private last = new Map<string, number>();
  private lastAt = 0;
  private lastTotal = { busy: 0, all: 0 };
  constructor(private groups: () => Record<string, number | undefined>) {}

  private static ticks(pid: number): number {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime + cutime + cstime: a process that exited (a PostgreSQL backend) moves into its parent's.
      return Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      return 0;
    }
  }

  private static tree(): Map<number, number[]> {
    const children = new Map<number, number[]>();
    for (const e of readdirSync('/proc')) {
      if (!/^\d+$/.test(e)) continue;
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        children.set(ppid, [...(children.get(ppid) ?? []), Number(e)]);
      } catch { /* gone */ }
    }
    return children;
  }

  private sample(): Map<string, number> {
    const tree = CpuMeter.tree();
    const out = new Map<string, number>();
    const claimed = new Set<number>();
    const sub = (pid: number): number => {
      claimed.add(pid);
      return CpuMeter.ticks(pid) + (tree.get(pid) ?? []).reduce((a, c) => a + sub(c), 0);
    };
    for (const [name, pid] of Object.entries(this.groups())) if (pid) out.set(name, sub(pid));
    // Everything else this process started (the embedded PostgreSQL), and this process itself.
    let rest = CpuMeter.ticks(process.pid);
    out.set('bench', rest);
    rest = 0;
    for (const c of tree.get(process.pid) ?? []) if (!claimed.has(c)) rest += sub(c);
    out.set('postgres', rest);
    return out;
  }

  private static machine(): { busy: number; all: number } {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const all = cpu.reduce((a, b) => a + b, 0);
    return { busy: all - cpu[3]! - cpu[4]!, all };
  }

  begin(): void {
    this.last = this.sample();
    this.lastAt = Date.now();
    this.lastTotal = CpuMeter.machine();
  }

  /** Cores used per group since begin(), and the machine's busy share (0..1). */
  end(): { groups: Record<string, number>; machineBusy: number } {
    const now = this.sample();
    const seconds = (Date.now() - this.lastAt) / 1000;
    const hz = 100;
    const groups: Record<string, number> = {};
    for (const [k, v] of now) groups[k] = (v - (this.last.get(k) ?? 0)) / hz / seconds;
    const t = CpuMeter.machine();
    return { groups, machineBusy: (t.busy - this.lastTotal.busy) / (t.all - this.lastTotal.all) };
  }
}

/** The machine a figure was taken on, for the first line of a benchmark's output. */
export const machine = () =>
  `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;

/**
 * Runs `cleanup` (once) and exits when the run outlasts `timeoutS` (exit 2) or is interrupted
 * (exit 130), so a stuck or stopped benchmark never leaves a server, a browser or a database behind.
 */
export function cleanUpOnExit(cleanup: () => Promise<void>, timeoutS: number, log: (s: string) => void): void {
  const deadline = setTimeout(() => {
    log(`timed out after ${timeoutS} s; cleaning up`);
    void cleanup().then(() => process.exit(2));
  }, timeoutS * 1000);
  deadline.unref();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void cleanup().then(() => process.exit(130)));
}

/** A benchmark's progress line on stderr: `[name hh:mm:ss] text`. */
export const benchLog = (name: string) => (s: string): void => {
  process.stderr.write(`[${name} ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
};

/** The pid of the Chromium this process started (its browser process), to meter its CPU. */
export function chromiumPid(): number | undefined {
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && readFileSync(`/proc/${e}/cmdline`, 'utf8').includes('chrom')) return Number(e);
    } catch { /* gone */ }
  }
  return undefined;
}
