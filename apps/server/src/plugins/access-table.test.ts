import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkDeclared } from './access.ts';
import { permissionsMarkdown, routeTableWithoutDatabase } from './access-table.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('declared access rules', () => {
  it('docs/permissions.md is the table the routes declare (run `npm run permissions` after changing a rule)', async () => {
    const routes = await routeTableWithoutDatabase();
    expect(routes.length).toBeGreaterThan(40);
    const committed = readFileSync(path.join(root, 'docs/permissions.md'), 'utf8');
    expect(committed).toBe(permissionsMarkdown(routes));
  });

  it('every API route declares a rule', async () => {
    expect((await routeTableWithoutDatabase()).filter((r) => !r.rule).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('refuses to register an API route without a rule, or with one it cannot honour', () => {
    expect(() => checkDeclared({ method: 'GET', url: '/api/v1/new', config: {} })).toThrow(/declares no access rule/);
    expect(() => checkDeclared({ method: 'GET', url: '/api/v1/new', config: { access: { who: 'driver', flags: ['tracksec'] } } })).toThrow(/driver-mode/);
    expect(() => checkDeclared({ method: 'GET', url: '/api/v1/new', config: { access: { who: 'public', scope: [{ site: 'query.siteid' }] } } })).toThrow(/public/);
    expect(() => checkDeclared({ method: 'GET', url: '/api/v1/new', config: { access: { who: 'session' } } })).not.toThrow();
    expect(() => checkDeclared({ method: 'GET', url: '/brand-logo.svg', config: {} })).not.toThrow();
  });
});
