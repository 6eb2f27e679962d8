import { describe, expect, it } from 'vitest';
import { firstChunkIntruders } from './feature-chunks.ts';

const src = '/repo/apps/web/src/';

describe('firstChunkIntruders', () => {
  it('names the feature views that would make the login page download another route', () => {
    expect(
      firstChunkIntruders([
        `${src}features/alerts/components/category-tiles.tsx`,
        `${src}features/fleet/pages/fleet-page.tsx`,
        `${src}features/poi/map/poi-overlay.tsx`,
      ]),
    ).toEqual(['alerts/components/category-tiles', 'fleet/pages/fleet-page', 'poi/map/poi-overlay']);
  });

  it('lets through what the root layout mounts, stores, hooks, api calls, doors and shared/', () => {
    expect(
      firstChunkIntruders([
        `${src}features/auth/components/change-password-host.tsx`,
        `${src}features/alerts/hooks/alerts-store.ts`,
        `${src}features/auth/api/auth-api.ts`,
        `${src}features/alerts/index.ts`,
        `${src}shared/ui/page-header.tsx`,
        `${src}app/root-layout.tsx`,
        '/repo/node_modules/@mantine/core/esm/components/Modal/Modal.mjs',
      ]),
    ).toEqual([]);
  });
});
