import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordProblem } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchema, loadConfig, type Config } from '../apps/server/src/config.ts';
import { eventLoopDelay, healthListener, readiness } from '../apps/server/src/ops/index.ts';

// deploy/ (issue 17, docs/deployment.md) cannot be run here (no Docker), so what can go wrong in it
// is checked against the code it deploys: every setting a node is given is one the server knows and
// accepts, the roles' counts are the issue's, HAProxy forwards to the ports the nodes listen on and
// checks the readiness path the nodes answer, and no secret is written in the files.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deploy = (file: string) => readFileSync(path.join(root, 'deploy', file), 'utf8');
const READY_PATH = '/api/v1/health/ready';

/** deploy/.env.example as the operator's deploy/.env would be: NAME=value lines. */
function envFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) out[m[1] as string] = m[2] as string;
  }
  return out;
}

/**
 * Compose's interpolation of one value: ${NAME}, ${NAME:-default}, ${NAME-default},
 * ${NAME:?message} and ${NAME?message}; $$ is a dollar sign.
 */
function interpolate(value: string, env: Record<string, string>, where: string): string {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g, (whole, name: string | undefined, colon: string, kind: string, rest: string) => {
    if (whole === '$$') return '$';
    const given = env[name as string];
    const unset = given === undefined || (colon === ':' && given === '');
    if (!unset) return given;
    if (kind === '-') return rest;
    if (kind === '?') throw new Error(`${where}: ${name} is required (${rest}) and deploy/.env.example does not give it`);
    return '';
  });
}

/** Every string in a parsed YAML tree, interpolated. */
function interpolateTree(node: unknown, env: Record<string, string>, where: string): unknown {
  if (typeof node === 'string') return interpolate(node, env, where);
  if (Array.isArray(node)) return node.map((n) => interpolateTree(n, env, where));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateTree(v, env, `${where}.${k}`)]));
  return node;
}

interface Service {
  image?: string;
  build?: { context?: string; dockerfile?: string };
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  ports?: string[];
  healthcheck?: { test?: string[] };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
}
interface Compose { services: Record<string, Service> }

const exampleEnv = envFile(deploy('.env.example'));
// Raw: as written, for the secrets' check; resolved: as compose would run it with the example's values.
const raw = parse(deploy('compose.yaml'), { merge: true }) as Compose;
const compose = interpolateTree(raw, exampleEnv, 'compose.yaml') as Compose;

const SERVER_DOCKERFILE = 'deploy/Dockerfile';
const serverServices = Object.entries(compose.services).filter(([, s]) => s.build?.dockerfile === SERVER_DOCKERFILE);
/** The nodes: the server's image running with FLEET_ROLES. */
const nodes = serverServices.filter(([, s]) => s.environment?.FLEET_ROLES !== undefined);
const envOf = (s: Service) => Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)]));
const configs = new Map<string, Config>(nodes.map(([name, s]) => [name, loadConfig(envOf(s))]));
const config = (name: string) => configs.get(name) as Config;
const withRole = (role: string) => nodes.filter(([name]) => config(name).FLEET_ROLES.includes(role as never)).map(([name]) => name);
const countOf = (names: string[]) => names.reduce((n, name) => n + (compose.services[name]?.deploy?.replicas ?? 1), 0);

describe('compose.yaml: the nodes', () => {
  it('gives every node of the server image its roles; the one without is the migration run', () => {
    expect(nodes.length).toBeGreaterThan(0);
    const others = serverServices.filter(([, s]) => s.environment?.FLEET_ROLES === undefined);
    // A node without FLEET_ROLES would run all three roles.
    for (const [name, s] of others) expect(s.command, `${name} runs the server image without FLEET_ROLES`).toEqual(['node', '--import', 'tsx', 'scripts/migrate.ts']);
    expect(existsSync(path.join(root, 'scripts/migrate.ts'))).toBe(true);
  });

  it('sets only settings the server knows, and each node\'s settings pass its start-up checks', () => {
    const known = new Set(Object.keys(configSchema.shape));
    for (const [name, s] of serverServices) {
      const unknown = Object.keys(s.environment ?? {}).filter((k) => !known.has(k));
      expect(unknown, `${name} sets settings apps/server/src/config.ts does not know`).toEqual([]);
    }
    // loadConfig threw above for a node whose settings are refused; a role split needs the bus and the database.
    for (const [name] of nodes) {
      expect(config(name).BUS_URL, `${name} has no BUS_URL`).toMatch(/^redis:\/\//);
      expect(config(name).DATABASE_URL, `${name} has no DATABASE_URL`).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
    }
    const buses = new Set(nodes.map(([name]) => `${config(name).BUS_URL} ${config(name).BUS_PREFIX}`));
    const databases = new Set(serverServices.map(([, s]) => s.environment?.DATABASE_URL));
    expect(buses.size, 'every node must share one bus and one key prefix').toBe(1);
    expect(databases.size, 'every node must share one database').toBe(1);
  });

  it('runs 2 api nodes, 2 ingest nodes and 1 worker node, each one role only', () => {
    expect(countOf(withRole('api'))).toBe(2);
    expect(countOf(withRole('ingest'))).toBe(2);
    expect(countOf(withRole('worker'))).toBe(1);
    for (const [name] of nodes) expect(config(name).FLEET_ROLES, name).toHaveLength(1);
    // HAProxy names every node: a replica count would hide the second one from it.
    for (const [name, s] of nodes) expect(s.deploy?.replicas ?? 1, name).toBe(1);
  });

  it('starts a node once PostgreSQL and Redis are healthy and the migrations are done', () => {
    for (const [name, s] of nodes) {
      expect(s.depends_on?.postgres?.condition, name).toBe('service_healthy');
      expect(s.depends_on?.redis?.condition, name).toBe('service_healthy');
      expect(s.depends_on?.migrate?.condition, name).toBe('service_completed_successfully');
    }
    for (const [name, s] of Object.entries(compose.services)) {
      for (const [on, { condition }] of Object.entries(s.depends_on ?? {})) {
        expect(compose.services[on], `${name} depends on ${on}, which is not a service`).toBeDefined();
        if (condition === 'service_healthy') expect(compose.services[on]?.healthcheck?.test, `${name} waits for ${on} to be healthy but ${on} has no health check`).toBeDefined();
      }
    }
  });

  it('publishes UDP from an ingest node only, on the ports its listeners take', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      for (const port of (s.ports ?? []).filter((p) => p.endsWith('/udp'))) {
        expect(withRole('ingest'), `${name} publishes ${port}`).toContain(name);
        const inside = Number(port.replace('/udp', '').split(':').at(-1));
        expect([config(name).TELTONIKA_PORT, config(name).QUECLINK_PORT], `${name} publishes ${port}`).toContain(inside);
      }
    }
  });
});

describe('compose.yaml: health checks', () => {
  let listener: Awaited<ReturnType<typeof healthListener>>;
  const loop = eventLoopDelay();
  beforeAll(async () => {
    // A worker's or an ingest node's health listener, as main.ts starts it.
    const ready = readiness({ ping: async () => {}, pendingMigrations: async () => [], listening: () => true });
    listener = await healthListener({ port: 0, host: '127.0.0.1', readiness: ready, eventLoop: loop, roles: ['worker'] });
  });
  afterAll(async () => {
    await listener?.close();
    loop.stop();
  });

  it('asks each node for readiness on the port it serves, at a path every role answers', async () => {
    for (const [name, s] of nodes) {
      const command = (s.healthcheck?.test ?? []).join(' ');
      const url = /https?:\/\/127\.0\.0\.1:(\d+)(\/[^'"\s)]*)/.exec(command);
      expect(url, `${name}'s health check asks no local address`).not.toBeNull();
      expect(Number(url?.[1]), `${name}'s health check port`).toBe(config(name).PORT);
      expect(url?.[2], `${name}'s health check path`).toBe(READY_PATH);
      // node:20-slim has no curl nor wget: the check must use node.
      expect(s.healthcheck?.test?.slice(0, 2), name).toEqual(['CMD', 'node']);
    }
    // The nodes without the api role: the health listener answers it (not its 404 in words).
    const res = await fetch(`http://127.0.0.1:${listener.port}${READY_PATH}`);
    expect(res.status).toBe(200);
    // The api: healthRoutes' /health/ready, registered in app.ts under the /api/v1 prefix.
    const routes = readFileSync(path.join(root, 'apps/server/src/modules/health/health.routes.ts'), 'utf8');
    expect(routes).toContain("app.get('/health/ready'");
    const app = readFileSync(path.join(root, 'apps/server/src/app.ts'), 'utf8');
    const at = app.indexOf('register(healthRoutes');
    expect(at).toBeGreaterThan(0);
    expect(/prefix: '([^']+)'/.exec(app.slice(at))?.[1]).toBe(READY_PATH.replace('/health/ready', ''));
  });
});

interface Section { kind: string; name: string; lines: string[][] }
function haproxySections(text: string): Section[] {
  const out: Section[] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.replace(/#.*$/, '').trimEnd();
    if (!line.trim()) continue;
    const words = line.trim().split(/\s+/);
    if (!/^\s/.test(line)) out.push({ kind: words[0] as string, name: words[1] ?? '', lines: [] });
    else out.at(-1)?.lines.push(words);
  }
  return out;
}
const haproxy = haproxySections(deploy('haproxy.cfg'));
const directive = (s: Section, name: string) => s.lines.filter((l) => l[0] === name);
const modeOf = (s: Section) => directive(s, 'mode')[0]?.[1];
function backendOf(frontend: Section): Section {
  const name = directive(frontend, 'default_backend')[0]?.[1];
  const backend = haproxy.find((s) => s.kind === 'backend' && s.name === name);
  if (!backend) throw new Error(`frontend ${frontend.name} sends to backend ${name}, which haproxy.cfg does not define`);
  return backend;
}
interface Server { host: string; port: number; checkPort: number | undefined; checked: boolean }
function serversOf(backend: Section): Server[] {
  return directive(backend, 'server').map((l) => {
    const [host = '', port = ''] = (l[2] ?? '').split(':');
    const at = l.indexOf('port');
    return { host, port: Number(port), checkPort: at > 0 ? Number(l[at + 1]) : undefined, checked: l.includes('check') };
  });
}
const frontends = haproxy.filter((s) => s.kind === 'frontend');
const bindPort = (s: Section) => Number((directive(s, 'bind')[0]?.[1] ?? '').split(':').at(-1));

describe('haproxy.cfg', () => {
  it('checks every node it sends to at the readiness path, on the node\'s own port', () => {
    for (const frontend of frontends) {
      const backend = backendOf(frontend);
      expect(directive(backend, 'option').some((l) => l[1] === 'httpchk'), `${backend.name} has no HTTP health check`).toBe(true);
      const send = directive(backend, 'http-check').find((l) => l[1] === 'send');
      expect(send?.[send.indexOf('uri') + 1], `${backend.name}'s health check path`).toBe(READY_PATH);
      for (const server of serversOf(backend)) {
        expect(server.checked, `${backend.name} ${server.host} is not checked`).toBe(true);
        expect(server.checkPort ?? server.port, `${backend.name} ${server.host}'s check port`).toBe(config(server.host)?.PORT);
      }
    }
  });

  it('sends the web app, the API and the sockets to every api node, over HTTP', () => {
    const web = frontends.filter((f) => serversOf(backendOf(f)).some((s) => withRole('api').includes(s.host)));
    expect(web).toHaveLength(1);
    const [frontend] = web as [Section];
    expect(modeOf(frontend)).toBe('http');
    const backend = backendOf(frontend);
    expect(modeOf(backend)).toBe('http');
    expect(directive(backend, 'timeout').some((l) => l[1] === 'tunnel'), 'WebSockets need a tunnel timeout').toBe(true);
    const servers = serversOf(backend);
    expect(servers.map((s) => s.host).sort()).toEqual(withRole('api').sort());
    for (const s of servers) expect(s.port, s.host).toBe(config(s.host).PORT);
  });

  it('sends each device port to every ingest node at the port its listener takes (TCP, OsmAnd over HTTP)', () => {
    const ingest = withRole('ingest').sort();
    const expected = [
      { setting: 'TELTONIKA_PORT', mode: 'tcp' }, { setting: 'GT06_PORT', mode: 'tcp' },
      { setting: 'QUECLINK_PORT', mode: 'tcp' }, { setting: 'OSMAND_PORT', mode: 'http' },
    ] as const;
    for (const { setting, mode } of expected) {
      const found = frontends.filter((f) => {
        const servers = serversOf(backendOf(f));
        return servers.length > 0 && servers.every((s) => ingest.includes(s.host) && s.port === config(s.host)[setting]);
      });
      expect(found.map((f) => f.name), `one frontend for ${setting}`).toHaveLength(1);
      const [frontend] = found as [Section];
      expect(modeOf(frontend), frontend.name).toBe(mode);
      expect(modeOf(backendOf(frontend)), frontend.name).toBe(mode);
      expect(serversOf(backendOf(frontend)).map((s) => s.host).sort(), frontend.name).toEqual(ingest);
      // Devices are set up with the default port numbers: the balancer takes them on the same.
      expect(bindPort(frontend), frontend.name).toBe(configSchema.shape[setting].parse(undefined));
    }
  });

  it('listens on exactly the ports compose.yaml publishes for it, from the address the api nodes trust', () => {
    const haproxyService = compose.services.haproxy as Service;
    const published = (haproxyService.ports ?? []).map((p) => Number(p.split(':').at(-1)));
    expect(published.sort()).toEqual(frontends.map(bindPort).sort());
    const address = (haproxyService.networks as Record<string, { ipv4_address?: string }>).fleet?.ipv4_address;
    for (const name of withRole('api')) expect(config(name).TRUST_PROXY, name).toEqual([address]);
  });
});

describe('secrets', () => {
  const SECRET_NAME = /PASSWORD|SECRET|TOKEN|_KEY|AUTH/;
  const REFERENCE = /^\$\{[A-Z][A-Z0-9_]*(:?\?[^}]*)?\}$/;

  it('takes every secret from deploy/.env, never from compose.yaml', () => {
    for (const [name, s] of Object.entries(raw.services)) {
      for (const [key, value] of Object.entries(s.environment ?? {})) {
        if (SECRET_NAME.test(key)) expect(String(value), `${name} ${key}`).toMatch(REFERENCE);
        // A password inside an address: postgres://user:password@host, redis://:password@host.
        const inUrl = /:\/\/[^:/@\s]*:([^@\s]+)@/.exec(String(value));
        if (inUrl) expect(inUrl[1], `${name} ${key}'s password`).toMatch(REFERENCE);
      }
      const args = s.command ?? [];
      const pass = args.indexOf('--requirepass');
      if (pass >= 0) expect(args[pass + 1], `${name} --requirepass`).toMatch(REFERENCE);
    }
  });

  it('ships an example of every value compose.yaml requires, and keeps deploy/.env out of git', () => {
    const required = [...deploy('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*):?\?/g)].map((m) => m[1] as string);
    for (const name of new Set(required)) expect(exampleEnv[name], `deploy/.env.example lacks ${name}`).toBeDefined();
    // The example's administrator password must pass the rules, or a first start with it fails.
    expect(passwordProblem(exampleEnv.FLEET_ADMIN_PASSWORD ?? '')).toBeNull();
    const ignored = spawnSync('git', ['check-ignore', '--no-index', 'deploy/.env'], { cwd: root, encoding: 'utf8' });
    expect(ignored.status, 'git does not ignore deploy/.env: the secrets would be committed').toBe(0);
  });
});

describe('Dockerfile', () => {
  const dockerfile = deploy('Dockerfile');
  it('copies every workspace\'s manifest before npm ci, so npm ci lays out every workspace', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
    const manifests = pkg.workspaces.flatMap((glob) => {
      const dir = glob.replace(/\/\*$/, '');
      return readdirSync(path.join(root, dir)).filter((d) => existsSync(path.join(root, dir, d, 'package.json'))).map((d) => `${dir}/${d}/package.json`);
    });
    const beforeInstall = dockerfile.slice(0, dockerfile.indexOf('RUN npm ci'));
    for (const m of manifests) expect(beforeInstall, `the Dockerfile does not copy ${m} before npm ci`).toContain(`COPY ${m} ${path.dirname(m)}/`);
  });

  it('runs the server as scripts/start.mjs does, on Node 20, with the web app built', () => {
    expect(dockerfile).toMatch(/^FROM node:20-slim$/m);
    expect(dockerfile).toContain('CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]');
    const start = readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8');
    expect(start).toContain("['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), ...args]");
    expect(dockerfile).toContain('npm run build -w apps/web');
    // Every node is built from this file with the repository as the context.
    for (const [name, s] of serverServices) expect(s.build?.context, name).toBe('..');
  });
});
