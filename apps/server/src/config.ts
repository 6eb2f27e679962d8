import path from 'node:path';
import { z } from 'zod';
import { parseNetworks } from './ingest/source-allow.ts';

const flag = z.enum(['0', '1']).transform((v) => v === '1');
const port = z.coerce.number().int().min(1).max(65535);
/** Source networks a device family may report from (comma-separated CIDR); unset: any. */
const networks = z.string().transform((v, ctx) => {
  try {
    return parseNetworks(v);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
    return z.NEVER;
  }
}).optional();

/** Every setting the server reads from the environment, validated once at start. */
export const configSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  FLEET_DEMO: flag.default(false),
  FLEET_ADMIN_USER: z.string().email('FLEET_ADMIN_USER must be an e-mail address').optional(),
  FLEET_ADMIN_PASSWORD: z.string().min(1).optional(),
  FLEET_DEMO_PASSWORD: z.string().min(1).optional(),
  PUBLIC_URL: z.string().url('PUBLIC_URL must be a full address such as https://fleet.example.com').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TELTONIKA_PORT: port.default(5027),
  OSMAND_PORT: port.default(5055),
  TELTONIKA_ALLOW: networks,
  OSMAND_ALLOW: networks,
  W3W_API_KEY: z.string().min(1).optional(),
});

export type Config = z.infer<typeof configSchema> & { publicUrl: string; dataDir: string };

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError listing every bad setting in plain words. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`The server's settings are not valid:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.FLEET_ADMIN_PASSWORD && !c.FLEET_ADMIN_USER) {
    throw new ConfigError('FLEET_ADMIN_PASSWORD is set but FLEET_ADMIN_USER is not: set both, or neither.');
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  return { ...c, publicUrl, dataDir: path.resolve(c.DATA_DIR) };
}
