import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.FLEET_DEMO).toBe(false);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.TELTONIKA_PORT).toBe(5027);
    expect(c.OSMAND_PORT).toBe(5055);
  });

  it('keeps data request files 72 hours unless told a whole number of hours from 1 to 2160', () => {
    expect(loadConfig({}).DATA_REQUEST_KEEP_HOURS).toBe(72);
    expect(loadConfig({ DATA_REQUEST_KEEP_HOURS: '24' }).DATA_REQUEST_KEEP_HOURS).toBe(24);
    expect(() => loadConfig({ DATA_REQUEST_KEEP_HOURS: '0' })).toThrow(/DATA_REQUEST_KEEP_HOURS must be at least 1/);
    expect(() => loadConfig({ DATA_REQUEST_KEEP_HOURS: '1.5' })).toThrow(/whole number of hours/);
    expect(() => loadConfig({ DATA_REQUEST_KEEP_HOURS: '3000' })).toThrow(/at most 2160/);
  });

  it('serves no metrics unless METRICS_PORT is set; their own port on 127.0.0.1 unless told an address', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(loadConfig({}).METRICS_HOST).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '0.0.0.0' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '::1' }).METRICS_HOST).toBe('::1');
    for (const bad of ['nine', '0', '70000', '94.5']) expect(() => loadConfig({ METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT: METRICS_PORT must be a (whole )?port number \(1-65535\)/);
    expect(() => loadConfig({ METRICS_HOST: 'metrics.example.com' })).toThrow(/METRICS_HOST must be an IP address/);
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT=8080 is PORT's port too/);
    expect(() => loadConfig({ METRICS_PORT: '5027' })).toThrow(/TELTONIKA_PORT's port too/);
  });

  it('runs all three roles on the in-process bus unless told; part of them only with a bus and a shared database', () => {
    const all = loadConfig({});
    expect(all.FLEET_ROLES).toEqual(['api', 'ingest', 'worker']);
    expect(all.BUS_URL).toBeUndefined();
    expect(all.BUS_PREFIX).toBe('fleet:');
    expect(() => loadConfig({ FLEET_ROLES: 'api' })).toThrow(/Running only api \(FLEET_ROLES or --roles\) is part of the product: set BUS_URL/);
    expect(() => loadConfig({ FLEET_ROLES: 'ingest', BUS_URL: 'redis://127.0.0.1:6379' })).toThrow(/set DATABASE_URL/);
    const part = loadConfig({ FLEET_ROLES: ' worker , API', BUS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://x/y' });
    expect(part.FLEET_ROLES).toEqual(['api', 'worker']);
    expect(() => loadConfig({ FLEET_ROLES: 'api,web' })).toThrow(/FLEET_ROLES: 'web' is not a role: the roles are api, ingest, worker/);
    expect(() => loadConfig({ BUS_URL: 'nats://127.0.0.1:4222' })).toThrow(/bus url 'nats:\/\/127.0.0.1:4222' is not supported/);
    expect(() => loadConfig({ BUS_PREFIX: 'a b' })).toThrow(/BUS_PREFIX must be/);
    expect(all.DRAIN_DELAY_MS).toBe(0);
    expect(loadConfig({ DRAIN_DELAY_MS: '5000' }).DRAIN_DELAY_MS).toBe(5000);
    expect(() => loadConfig({ DRAIN_DELAY_MS: '-1' })).toThrow(/DRAIN_DELAY_MS must be 0 or more/);
  });

  it('lists every bad setting in plain words', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', FLEET_DEMO: 'yes' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      expect((e as Error).message).toContain('PORT');
      expect((e as Error).message).toContain('DATABASE_URL must start with postgres://');
    }
  });

  it('takes S3 settings for uploads only whole: bucket and both keys, a valid endpoint and bucket name', () => {
    const c = loadConfig({ S3_BUCKET: 'fleet-uploads', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: '1' });
    expect(c).toMatchObject({ S3_BUCKET: 'fleet-uploads', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true, S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(() => loadConfig({ S3_BUCKET: 'fleet-uploads' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_BUCKET is not/);
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket!', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'ftp://x', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_ENDPOINT/);
  });

  it('refuses an admin password without an admin user', () => {
    expect(() => loadConfig({ FLEET_ADMIN_PASSWORD: 'Abcdef1!' })).toThrow(/FLEET_ADMIN_USER/);
  });

  it('treats empty values as unset and trims a trailing slash of PUBLIC_URL', () => {
    const c = loadConfig({ DATABASE_URL: '', PUBLIC_URL: 'https://fleet.example.com/' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicUrl).toBe('https://fleet.example.com');
  });

  it('reads the device allow-lists as networks and names a bad entry', () => {
    const c = loadConfig({ TELTONIKA_ALLOW: '10.0.0.0/8, 192.0.2.7' });
    expect(c.TELTONIKA_ALLOW).toHaveLength(2);
    expect(c.OSMAND_ALLOW).toBeUndefined();
    expect(() => loadConfig({ OSMAND_ALLOW: '10.0.0.0/8,300.1.1.1/8' })).toThrow(/OSMAND_ALLOW: '300.1.1.1\/8' is not an address or network/);
  });

  it('trusts no proxy unless TRUST_PROXY names their addresses; never every hop nor a hop count', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,loopback' }).TRUST_PROXY)
      .toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would believe the X-Forwarded-For of any client/);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY=1 would believe/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY must be .*'proxy.example.com'/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('reads the map and geocoder settings, and names a bad one', () => {
    const c = loadConfig({
      MAP_STYLE_URL: 'https://maps.example.com/style.json', MAP_SATELLITE_STYLE_URL: 'https://sat.example.com/s.json',
      MAP_HOSTS: 'https://tiles.example.com, https://glyphs.example.com/', GEOCODER_URL: 'http://127.0.0.1:8088',
    });
    expect(c.MAP_STYLE_URL).toBe('https://maps.example.com/style.json');
    expect(c.MAP_HOSTS).toEqual(['https://tiles.example.com', 'https://glyphs.example.com']);
    expect(c.GEOCODER_URL).toBe('http://127.0.0.1:8088');
    expect(loadConfig({ MAP_STYLE_URL: 'none' }).MAP_STYLE_URL).toBe('none');
    expect(loadConfig({}).MAP_HOSTS).toEqual([]);
    expect(() => loadConfig({ MAP_STYLE_URL: 'tiles.example.com/style.json' })).toThrow(/MAP_STYLE_URL must be a full http:\/\/ or https:\/\/ address.*or 'none'/);
    expect(() => loadConfig({ MAP_HOSTS: 'https://tiles.example.com/path' })).toThrow(/MAP_HOSTS: 'https:\/\/tiles.example.com\/path' must be an origin/);
    expect(() => loadConfig({ GEOCODER_URL: 'ftp://x' })).toThrow(/GEOCODER_URL must be a full http/);
  });
});
