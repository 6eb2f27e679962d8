// Where a process spent its CPU: the top functions by self time in a V8 .cpuprofile (node --cpu-prof),
// and the same time summed per package (node_modules/<name>) or source folder.
// Usage: npx tsx bench/cpuprofile-top.ts FILE.cpuprofile [--top 30]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '30' } } });
if (positionals.length === 0) throw new Error('usage: npx tsx bench/cpuprofile-top.ts FILE.cpuprofile [--top 30]');
const top = Number(values.top);

/** node_modules/<package> (scoped too), else the path from apps/ or packages/, else the url. */
function area(url: string): string {
  if (!url) return '(native / V8)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const m = /\/(apps\/[^/]+\/src\/[^/]+(?:\/[^/]+)?|packages\/[^/]+)\//.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '').split('/').slice(-2).join('/');
}

for (const file of positionals) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame;
    const short = f.url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '~/').replace(/.*\/(apps|packages)\//, '$1/');
    const key = `${f.functionName || '(anonymous)'}  ${short}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const a = area(f.url);
    pkg.set(a, (pkg.get(a) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, us]) => a + us, 0);
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${pct(idle)} idle`);
  console.log(`top ${top} functions by self time:`);
  for (const [k, us] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${k}`);
  console.log('self time by package / source folder:');
  for (const [k, us] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${k}`);
  // Inclusive time of the project's own functions (a function counted once per stack, so recursion does not inflate it).
  const parent = new Map<number, number>();
  for (const x of p.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
  const keyOf = (x: Node) => {
    const f = x.callFrame;
    const short = f.url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '~/').replace(/.*\/(apps|packages)\//, '$1/');
    return `${f.functionName || '(anonymous)'}  ${short}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  };
  const incl = new Map<string, number>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const x = byId.get(at)!;
      if (!/\/(apps|packages)\/|fastify|@fastify|drizzle-orm\/node-postgres|pino|zod/.test(x.callFrame.url)) continue;
      const k = keyOf(x);
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + us);
    }
  }
  console.log(`top ${top} project and framework functions by inclusive time:`);
  for (const [k, us] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${k}`);
}
