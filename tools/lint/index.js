// The ESLint plugins, resolved from this workspace (where typescript-eslint finds TypeScript 5.9).
export { default as js } from '@eslint/js';
export { default as tseslint } from 'typescript-eslint';
