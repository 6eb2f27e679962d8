import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ingestProcesses, ingestProcessesArgument, parseIngestProcesses } from './ingest-processes.ts';

const bus = { BUS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://x/y' };

describe('INGEST_PROCESSES', () => {
  it('is 1 unless set; a whole number from 1 to 64, or auto for one per core', () => {
    expect(loadConfig({}).INGEST_PROCESSES).toBe(1);
    expect(loadConfig({ ...bus, INGEST_PROCESSES: ' 4 ' }).INGEST_PROCESSES).toBe(4);
    expect(parseIngestProcesses('AUTO')).toBe(Math.min(64, availableParallelism()));
    for (const bad of ['0', '65', '1.5', 'two', '-2']) {
      expect(() => loadConfig({ ...bus, INGEST_PROCESSES: bad }), bad).toThrow(`INGEST_PROCESSES: '${bad}' is not a number of processes`);
    }
  });

  it('needs the bus when the ingest runs in more than one process, and says why', () => {
    expect(() => loadConfig({ INGEST_PROCESSES: '2' })).toThrow(/INGEST_PROCESSES=2 runs the ingest in 2 processes: set BUS_URL/);
    // One process, or no ingest role here: nothing to spread, nothing asked.
    expect(loadConfig({ INGEST_PROCESSES: '1' }).INGEST_PROCESSES).toBe(1);
    expect(loadConfig({ ...bus, FLEET_ROLES: 'api', INGEST_PROCESSES: '2' }).FLEET_ROLES).toEqual(['api']);
  });

  it('finds --ingest-processes in the arguments, with a space or =, and wants a value', () => {
    expect(ingestProcessesArgument(['--roles', 'ingest', '--ingest-processes', '2'])).toBe('2');
    expect(ingestProcessesArgument(['--ingest-processes=auto'])).toBe('auto');
    expect(ingestProcessesArgument([])).toBeUndefined();
    expect(() => ingestProcessesArgument(['--ingest-processes'])).toThrow('--ingest-processes needs a value');
  });

  it('makes the primary leave the ingest to its workers, and the roles otherwise as set', () => {
    const primary = ingestProcesses(loadConfig({ ...bus, FLEET_ROLES: 'api,ingest', INGEST_PROCESSES: '3' }));
    expect(primary.part).toBe('primary');
    expect(primary.roles).toEqual(['api']);
    expect(primary.describe()).toBe('api, ingest in 3 processes');
    // Not started: no worker listens yet, so a non-api primary is not ready.
    expect(primary.listening()).toBe(false);
    const single = ingestProcesses(loadConfig({ ...bus, FLEET_ROLES: 'api,ingest' }));
    expect(single.part).toBe('single');
    expect(single.roles).toEqual(['api', 'ingest']);
    expect(single.poolMax).toBe(20);
    expect(single.listening()).toBe(true);
  });
});
