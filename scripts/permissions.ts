// `npm run permissions`: writes docs/permissions.md from the access rule each route declares.
// A unit test (apps/server/src/plugins/access-table.test.ts) fails when the committed file is not current.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { permissionsMarkdown, routeTableWithoutDatabase } from '../apps/server/src/plugins/access-table.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'docs/permissions.md');
writeFileSync(file, permissionsMarkdown(await routeTableWithoutDatabase()));
console.log(`wrote ${path.relative(root, file)}`);
process.exit(0);
