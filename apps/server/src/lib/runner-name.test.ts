import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { runnerGone, runnerName } from './runner-name.ts';

describe('runner names (issue 17: whose queued and running rows a start may fail)', () => {
  it('counts a row with no runner, and a runner of this process that is not running, as gone', () => {
    expect(runnerGone(null)).toBe(true);
    const r = runnerName();
    expect(r.name.startsWith(`${os.hostname()}:${process.pid}:`)).toBe(true);
    expect(runnerGone(r.name)).toBe(false);
    r.retire();
    expect(runnerGone(r.name)).toBe(true);
    // A predecessor that had this process id (a container's process 1 after a restart).
    expect(runnerGone(`${os.hostname()}:${process.pid}:earlier1`)).toBe(true);
  });

  it("counts a runner of this host whose process ended as gone, and a live process's as running", () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid as number;
    expect(runnerGone(`${os.hostname()}:${ended}:abcd1234`)).toBe(true);
    expect(runnerGone(`${os.hostname()}:${process.ppid}:abcd1234`)).toBe(false);
  });

  it("never counts another host's runner as gone (this node cannot see it)", () => {
    expect(runnerGone(`not-${os.hostname()}:1:abcd1234`)).toBe(false);
  });
});
