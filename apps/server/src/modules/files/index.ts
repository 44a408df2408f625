export { filesHandlers } from './files.routes';
export { registerFileRoutes } from './file-route';
export { S3FileStorage, signS3 } from './s3-storage';
export { TRANSFER_JOB, transferJob } from './transfer.job';
export {
  createFileStorage,
  FILE_URL_PREFIX,
  type FileStorage,
  LocalFileStorage,
  localFilesRoot,
  privateFilesRoot,
} from './file-storage';
export {
  AFTER_SALE_SCOPE,
  type ClaimInput,
  claimUploads,
  formScope,
  memberUpload,
  type PublicUploadGuard,
} from './visitor-files.service';
export { sniffImage } from './image-type';
export { readCert } from './media-upload.service';
export { privateStorageOf } from './file-storage';
