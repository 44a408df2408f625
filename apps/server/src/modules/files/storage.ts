/** Where the files are served from when they sit on local disk. */
export const FILE_URL_PREFIX = '/file/';

/**
 * Where uploaded files are kept. Paths are relative, with forward slashes
 * (`<renterId>/<yyyy>/<mm>/<uuid>.<ext>`); the same path is the object key of an S3-compatible store.
 */
export interface FileStorage {
  /** Stores a new file; readers never see it half written. */
  put(filePath: string, data: Buffer, mime: string): Promise<void>;
  /** Reads a stored file back (certificates, for the modules that use them). */
  read(filePath: string): Promise<Buffer>;
  /** Removes a file; one already gone is not an error. */
  remove(filePath: string): Promise<void>;
  /** The address the browser loads the file from. */
  url(filePath: string): string;
}
