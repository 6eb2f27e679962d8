import { describe, expect, it } from 'vitest';
import { splitLinks } from './split-links.ts';

describe('splitLinks', () => {
  it('finds reset links in a mail body', () => {
    expect(splitLinks('Open http://fleet.test/resetpassword/a%40b.test/g-1 to reset.\nThanks')).toEqual([
      { kind: 'text', value: 'Open ' },
      { kind: 'link', value: 'http://fleet.test/resetpassword/a%40b.test/g-1' },
      { kind: 'text', value: ' to reset.\nThanks' },
    ]);
  });
  it('never turns other schemes into links', () => {
    expect(splitLinks('javascript:alert(1)')).toEqual([{ kind: 'text', value: 'javascript:alert(1)' }]);
  });
});
