import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './audit.repository.ts';

describe('audit records (issue 15)', () => {
  it('drops secrets at any depth', () => {
    expect(withoutSecrets({ name: 'A', password: 'x', nested: [{ token: 't', keep: 1 }], passwordHash: 'h' }))
      .toEqual({ name: 'A', nested: [{ keep: 1 }] });
  });
  it('makes lone UTF-16 surrogates well-formed, which jsonb would refuse (a 500 the route walker found)', () => {
    const kept = withoutSecrets({ name: 'bad \ud800 text', list: ['\udfff'] }) as { name: string; list: string[] };
    expect(kept.name).toBe('bad \ufffd text');
    expect(kept.list[0]).toBe('\ufffd');
    expect(JSON.stringify(kept)).not.toMatch(/\\ud[89a-f]/i);
  });
});
