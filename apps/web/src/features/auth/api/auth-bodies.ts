// The request bodies' zod schemas, loaded with the first call that sends one: auth-api.ts is on every
// page's first download, zod is not (docs/decisions.md, "Login weight").
export { changePasswordBodySchema, loginBodySchema, passwordResetBodySchema, resetPasswordRequestBodySchema } from '@fleet/shared';
