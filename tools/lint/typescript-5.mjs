// Loaded with `node --import` before ESLint and dependency-cruiser (see the lint scripts in package.json).
// TypeScript 7, the project's compiler, ships no JavaScript compiler API; the lint tools parse with that
// API (ts.createSourceFile) and must get TypeScript 5.9. npm places typescript-eslint beside the
// TypeScript 5.9 of this workspace, but hoists dependency-cruiser and ts-api-utils to the root, where
// `typescript` is 7. This points their `typescript`, and only theirs, at this workspace's TypeScript 5.9
// (docs/decisions.md, "Lint").
import Module, { createRequire, register } from 'node:module';

const fromHere = createRequire(import.meta.url);
const TOOLS = ['/node_modules/dependency-cruiser/', '/node_modules/ts-api-utils/'];
const fromTool = (file) => typeof file === 'string' && TOOLS.some((tool) => file.includes(tool));
const isTypescript = (request) => request === 'typescript' || request.startsWith('typescript/');

// require('typescript'), require('typescript/package.json').
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (isTypescript(request) && fromTool(parent?.filename)) return fromHere.resolve(request);
  return resolveFilename.call(this, request, parent, ...rest);
};

// import('typescript'): resolved as if imported from this folder.
register(
  'data:text/javascript,' +
    encodeURIComponent(`
      const TOOLS = ${JSON.stringify(TOOLS)};
      export async function resolve(specifier, context, next) {
        if (specifier === 'typescript' && TOOLS.some((tool) => context.parentURL?.includes(tool))) {
          return next(specifier, { ...context, parentURL: ${JSON.stringify(import.meta.url)} });
        }
        return next(specifier, context);
      }`),
);
