import { createHash } from 'node:crypto';
import { checkImage, newStorageKey } from './image-check.ts';
import type { ImageStore } from './image-store.ts';
import type { UploadsRepository } from './uploads.repository.ts';

/**
 * Stores an image exactly once per (site, client key): a key already stored answers its id; a new
 * one is checked and re-encoded, written to the store under a fresh key, then recorded. When a
 * concurrent duplicate recorded the same key first, the file just written is removed again and
 * that upload's id answered, so no file is left without a row.
 */
export function uploadsService(repo: UploadsRepository, store: ImageStore) {
  return {
    store,
    async save(u: { siteId: number; unitId: number | null; userId: number | null; clientKey: string; bytes: Buffer }): Promise<{ id: number; duplicate: boolean }> {
      const existing = await repo.byClientKey(u.siteId, u.clientKey);
      if (existing !== null) return { id: existing, duplicate: true };
      const image = await checkImage(u.bytes);
      const storageKey = newStorageKey(image.ext);
      await store.put(storageKey, image.bytes, image.contentType);
      let id: number | null;
      try {
        id = await repo.insert({
          siteId: u.siteId, unitId: u.unitId, userId: u.userId, clientKey: u.clientKey, storageKey, contentType: image.contentType,
          width: image.width, height: image.height, bytes: image.bytes.length, sha256: createHash('sha256').update(image.bytes).digest('hex'),
        });
      } catch (err) {
        await store.delete(storageKey).catch(() => {});
        throw err;
      }
      if (id !== null) return { id, duplicate: false };
      await store.delete(storageKey);
      const winner = await repo.byClientKey(u.siteId, u.clientKey);
      if (winner === null) throw new Error('upload vanished after a conflict');
      return { id: winner, duplicate: true };
    },
    /** The image of one of `siteIds`, or null. */
    async read(id: number, siteIds: number[]): Promise<{ bytes: Buffer; contentType: string } | null> {
      const row = await repo.inSites(id, siteIds);
      if (!row) return null;
      const bytes = await store.get(row.storage_key);
      return bytes ? { bytes, contentType: row.content_type } : null;
    },
    /** Of `ids`, those that are uploads of `siteId` (a check list's photos and signature). */
    ofSite: (ids: number[], siteId: number) => repo.ofSite(ids, siteId),
    siteOfUnit: (unitId: number) => repo.siteOfUnit(unitId),
  };
}
export type UploadsService = ReturnType<typeof uploadsService>;
