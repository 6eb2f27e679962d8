import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_RULE_LINES, passwordProblem } from './password.ts';

describe('password rules (spec section 5)', () => {
  it.each([
    ['Abcdef1!', true],
    ['abcdefg1£', true],
    ['12345678(a', true],
    ['Abcde1!', false], // 7 characters
    ['Abcdefgh!', false], // no digit
    ['12345678!', false], // no letter
    ['Abcdefg12', false], // no special
    ['Abcdefg1#', false], // # is not one of the listed specials
    ['Abcdefg1-', false],
  ])('%s valid: %s', (pwd, valid) => {
    expect(checkPassword(pwd, pwd).valid).toBe(valid);
  });

  it('needs both entries to match', () => {
    expect(checkPassword('Abcdef1!', 'Abcdef1?').matches).toBe(false);
    expect(checkPassword('Abcdef1!', 'Abcdef1?').valid).toBe(false);
  });

  it('counts length 8 exactly as enough', () => {
    expect(checkPassword('Abcde1!x').minLength).toBe(true);
    expect(checkPassword('Abcd1!x').minLength).toBe(false);
  });

  it('accepts each listed special character', () => {
    for (const ch of '()!@£$%^&*') expect(checkPassword(`Abcdef1${ch}`).special).toBe(true);
  });

  it('shows the three rule lines in the spec words', () => {
    expect(PASSWORD_RULE_LINES).toEqual([
      'Minimum 8 Characters',
      'At least one letter and number',
      'At least one special character (!@£$%^&*)',
    ]);
  });

  it('names the first rule broken for an API answer', () => {
    expect(passwordProblem('Ab1!')).toMatch(/at least 8/);
    expect(passwordProblem('Abcdefgh!')).toMatch(/letter and one number/);
    expect(passwordProblem('Abcdefgh1')).toMatch(/special character/);
    expect(passwordProblem('Abcdef1!')).toBeNull();
  });
});
