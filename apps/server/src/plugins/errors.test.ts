import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableError } from './errors.ts';

describe('what a failure puts in the log', () => {
  it("keeps the kind, code and stack frames but never the query's parameters or quoted values", () => {
    const pgError = Object.assign(new Error('value "99999999999" is out of range for type integer'), { code: '22003', detail: 'Key (email)=(SECRET@x.y)' });
    const failed = new DrizzleQueryError('select * from users where email = $1 and token = $2', ['SECRET@x.y', 'SECRETTOKEN'], pgError);
    const logged = loggableError(failed);
    const text = JSON.stringify(logged);
    expect(text).not.toMatch(/SECRET|99999999999/);
    expect(logged.message).toBe('Failed query: select * from users where email = $1 and token = $2');
    expect(logged.cause).toEqual({ type: 'Error', code: '22003', message: 'value "…" is out of range for type integer' });
    expect(logged.stack).toMatch(/^\s+at /);
  });
});
