import type { Plugin } from 'vite';

/** What this plugin reads of a built chunk (a subset of Rolldown's output, easy to fake in tests). */
export interface ChunkImports {
  type: 'chunk' | 'asset';
  fileName: string;
  imports?: string[];
}

/** Each chunk's static imports, transitively (the files that are loaded before the chunk runs). */
export function staticClosures(bundle: Record<string, ChunkImports>): Map<string, Set<string>> {
  const closures = new Map<string, Set<string>>();
  const closureOf = (fileName: string): Set<string> => {
    const known = closures.get(fileName);
    if (known) return known;
    const seen = new Set<string>();
    closures.set(fileName, seen);
    const stack = [...(bundle[fileName]?.imports ?? [])];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(bundle[next]?.imports ?? []));
    }
    return seen;
  };
  for (const item of Object.values(bundle)) if (item.type === 'chunk') closureOf(item.fileName);
  return closures;
}

/**
 * Dependencies of a dynamic import that the importing chunk does not already hold: a chunk's static
 * imports are loaded before it runs, so listing them again for the preload helper only adds bytes to
 * the importer (Vite lists the imported chunk's whole closure). CSS is not passed here by Vite and is
 * always kept.
 */
export function trimPreloadDeps(closures: Map<string, Set<string>>, host: string, deps: string[]): string[] {
  const loaded = closures.get(host);
  return loaded ? deps.filter((d) => !loaded.has(d)) : deps;
}

/**
 * Drops from every `__vite__mapDeps` list the JS files its chunk has already loaded (its static imports,
 * transitively). For the entry that is react, Mantine's core, i18next, the api client...: each lazy
 * chunk's list repeated them, and the list lives in the code index.html loads (docs/decisions.md,
 * "Login weight: page loaders off the entry"). Nothing is fetched later than before: those files are
 * in the page already when the import runs.
 */
export function preloadDeps(): Plugin {
  let closures = new Map<string, Set<string>>();
  return {
    name: 'fleet:preload-deps',
    apply: 'build',
    config() {
      return {
        build: {
          modulePreload: {
            resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string }) => trimPreloadDeps(closures, hostId, deps),
          },
        },
      };
    },
    // Runs before Vite's own generateBundle writes the preload lists (which calls resolveDependencies).
    generateBundle(_options, bundle) {
      closures = staticClosures(bundle as unknown as Record<string, ChunkImports>);
    },
  };
}
