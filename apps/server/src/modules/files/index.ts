export { filesHandlers } from './files.routes';
export {
  createFileStorage,
  FILE_URL_PREFIX,
  type FileStorage,
  LocalFileStorage,
  localFilesRoot,
  privateFilesRoot,
} from './file-storage';
export { claimVisitorFiles, type ClaimInput, formScope, type PublicUploadGuard, setPublicUploadGuard } from './visitor-files.service';
export { sniffImage } from './image-type';
export { readCert } from './media-upload.service';
