import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A fresh 256-bit secret, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The form in which secrets are stored: a sha-256 hex digest. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export const newUuid = randomUUID;
