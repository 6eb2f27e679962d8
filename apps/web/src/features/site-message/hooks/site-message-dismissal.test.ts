import { describe, expect, it } from 'vitest';
import { parseDismissed, shouldShowSiteMessage, withDismissed } from './site-message-dismissal.ts';

describe('site message dismissal', () => {
  it('shows a message until that text is closed on that site; a changed text shows again', () => {
    expect(shouldShowSiteMessage(1, 'Gate 2 closed', {})).toBe(true);
    const closed = withDismissed({}, 1, 'Gate 2 closed ');
    expect(shouldShowSiteMessage(1, 'Gate 2 closed', closed)).toBe(false);
    expect(shouldShowSiteMessage(1, 'Gate 2 open again', closed)).toBe(true);
    expect(shouldShowSiteMessage(2, 'Gate 2 closed', closed)).toBe(true);
  });
  it('never shows an empty message', () => {
    expect(shouldShowSiteMessage(1, '  ', {})).toBe(false);
  });
  it('keeps each site apart', () => {
    expect(withDismissed({ '1': 'a' }, 2, 'b')).toEqual({ '1': 'a', '2': 'b' });
  });
  it.each([
    [null, {}],
    ['not json', {}],
    ['[1,2]', {}],
    ['{"1":"a","2":3}', { '1': 'a' }],
  ])('reads %j as %j', (raw, expected) => expect(parseDismissed(raw)).toEqual(expected));
});
