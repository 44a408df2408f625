export { filesHandlers } from './files.routes';
export { createFileStorage, FILE_URL_PREFIX, type FileStorage, LocalFileStorage, localFilesRoot } from './file-storage';
export { claimVisitorFiles, type ClaimInput, formScope, type PublicUploadGuard, setPublicUploadGuard } from './visitor-files.service';
export { sniffImage } from './image-type';
