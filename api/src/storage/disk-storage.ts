import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import {
  assertStorageKey,
  contentTypeOf,
  type ImageContentType,
  type ObjectStorage,
  type StorageKey,
  type StoredObject,
} from './object-storage';

/**
 * Objects as files under one root folder (`UPLOAD_DIR`): `posts/<name>.<ext>`. Only keys of our
 * generated shape are read or written, so no key reaches outside the root. The content type is
 * the one the extension names (the name was chosen for the stored type).
 */
export class DiskStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  async put(key: StorageKey, bytes: Buffer, _contentType: ImageContentType): Promise<void> {
    assertStorageKey(key);
    const target = join(this.root, key);
    await mkdir(dirname(target), { recursive: true });
    // Written to a temporary name, flushed, then renamed: readers see the whole file or none.
    const temporary = join(dirname(target), `.${randomBytes(8).toString('hex')}.tmp`);
    try {
      const file = await open(temporary, 'wx');
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: StorageKey): Promise<StoredObject | null> {
    assertStorageKey(key);
    let file;
    try {
      file = await open(join(this.root, key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return null;
      }
      throw error;
    }
    // Size and bytes come from the one open file, so a concurrent rename cannot mix two files.
    const stats = await file.stat().catch(async (error: unknown) => {
      await file.close();
      throw error;
    });
    if (!stats.isFile()) {
      await file.close();
      return null;
    }
    return { body: file.createReadStream(), contentType: contentTypeOf(key), size: stats.size };
  }
}
