import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@/config';
import { checkS3Config, S3FileStorage } from './s3-storage';
import { FILE_URL_PREFIX, type FileStorage } from './storage';

export { FILE_URL_PREFIX, type FileStorage } from './storage';

/** The dev and single-server storage: DATA_DIR/files, served by the server itself at /file/. */
export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  private resolve(filePath: string): string {
    const full = path.resolve(this.root, filePath);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`file path outside the storage root: ${filePath}`);
    return full;
  }

  async put(filePath: string, data: Buffer): Promise<void> {
    const full = this.resolve(filePath);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${randomUUID()}.part`;
    await fs.writeFile(tmp, data, { flag: 'wx' });
    await fs.rename(tmp, full);
  }

  async read(filePath: string): Promise<Buffer> {
    return fs.readFile(this.resolve(filePath));
  }

  async remove(filePath: string): Promise<void> {
    await fs.rm(this.resolve(filePath), { force: true });
  }

  url(filePath: string): string {
    return `${FILE_URL_PREFIX}${filePath}`;
  }
}

/** DATA_DIR/files */
export function localFilesRoot(config: Config): string {
  return path.resolve(config.dataDir, 'files');
}

/** The storage of this configuration: local disk, or an S3-compatible bucket (FILE_STORAGE=s3). */
export function createFileStorage(config: Config): FileStorage {
  if (config.fileStorage === 's3') {
    checkS3Config(config.s3);
    return new S3FileStorage(config.s3);
  }
  return new LocalFileStorage(localFilesRoot(config));
}

/** DATA_DIR/private: files nobody may download (certificates); outside the root served at /file/. */
export function privateFilesRoot(config: Config): string {
  return path.resolve(config.dataDir, 'private');
}

const privateStores = new WeakMap<Config, FileStorage>();

/** The private storage of this configuration: never served, read back only by the server. */
export function privateStorageOf(config: Config): FileStorage {
  let store = privateStores.get(config);
  if (!store) {
    store =
      config.fileStorage === 's3' && config.s3.privateBucket
        ? new S3FileStorage(config.s3, config.s3.privateBucket)
        : new LocalFileStorage(privateFilesRoot(config));
    privateStores.set(config, store);
  }
  return store;
}
