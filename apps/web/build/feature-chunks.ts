import type { Plugin } from 'vite';

/** A feature's own module (not its CSS). */
const FEATURE_MODULE = /[\\/]src[\\/]features[\\/][^\\/]+[\\/].*\.tsx?$/;
/** A feature's component or page: what belongs in the chunk of the route or shell that shows it. */
const FEATURE_VIEW = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/](components|pages|map)[\\/]([^\\/]+)\.tsx?$/;
/** Views the first chunk may hold: the root layout mounts them on every page, the login page too. */
const FIRST_CHUNK_VIEWS = new Set(['auth/components/change-password-host']);

/** The feature views in the first chunk that are not meant to be there ('area/dir/name'). */
export function firstChunkIntruders(moduleIds: readonly string[]): string[] {
  return moduleIds.flatMap((id) => {
    const m = FEATURE_VIEW.exec(id);
    const name = m ? `${m[1]}/${m[2]}/${m[3]}` : null;
    return name && !FIRST_CHUNK_VIEWS.has(name) ? [name] : [];
  });
}

/**
 * Keeps the chunks split per route while app/ and the features import each other through doors
 * (features/<area>/index.ts). Rolldown ties a module's chunk to whoever imports it, and a door
 * imports everything it re-exports: the shell's import of the alerts door (for clearAlerts) would
 * pull the dashboard's tiles into the first chunk, which the login page loads. Feature modules are
 * therefore marked free of side effects (they only declare: constants, functions, components), so an
 * importer is tied only to the modules it uses. The build then fails if a feature's component or
 * page still lands in the first chunk (docs/decisions.md, "Web rooms and doors").
 */
export function featureChunks(): Plugin {
  return {
    name: 'fleet:feature-chunks',
    apply: 'build',
    enforce: 'post',
    transform(_code, id) {
      return FEATURE_MODULE.test(id) ? { moduleSideEffects: false } : null;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const intruders = firstChunkIntruders(chunk.moduleIds);
        if (intruders.length > 0) {
          this.error(`The first chunk (${chunk.fileName}) holds feature views that belong to a route's chunk: ${intruders.join(', ')}. ` +
            'Does a feature module run code on import, or does app/ import a view it does not show? See docs/decisions.md.');
        }
      }
    },
  };
}
