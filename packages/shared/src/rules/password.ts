/** The special characters the spec allows, shown to users as (!@£$%^&*). */
export const PASSWORD_SPECIALS = '()!@£$%^&*';
export const PASSWORD_MIN_LENGTH = 8;

/** The three rule lines the change-password modal shows, in the spec's words. */
export const PASSWORD_RULE_LINES = [
  'Minimum 8 Characters',
  'At least one letter and number',
  'At least one special character (!@£$%^&*)',
] as const;

export interface PasswordCheck {
  minLength: boolean;
  letterAndNumber: boolean;
  special: boolean;
  matches: boolean;
  valid: boolean;
}

/** Checks a new password and its confirmation against the spec's section 5 rules. */
export function checkPassword(password: string, confirmation: string = password): PasswordCheck {
  const minLength = [...password].length >= PASSWORD_MIN_LENGTH;
  const letterAndNumber = /[A-Za-z]/.test(password) && /\d/.test(password);
  const special = [...password].some((ch) => PASSWORD_SPECIALS.includes(ch));
  const matches = password === confirmation;
  return { minLength, letterAndNumber, special, matches, valid: minLength && letterAndNumber && special && matches };
}

/** The first rule a password breaks, as a sentence for an API error; null when it is valid. */
export function passwordProblem(password: string): string | null {
  const c = checkPassword(password);
  if (!c.minLength) return 'The password must be at least 8 characters long.';
  if (!c.letterAndNumber) return 'The password must contain at least one letter and one number.';
  if (!c.special) return 'The password must contain at least one special character from ( ) ! @ £ $ % ^ & *.';
  if (password.length > 256) return 'The password must be at most 256 characters long.';
  return null;
}
