export { MediaPicker, type MediaPickerProps } from './media-picker';
export { MediaBrowser, type MediaBrowserProps } from './media-browser';
export { ALL_KEY, buildTree, DirTree, ROOT_KEY } from './dir-tree';
export { FileGrid } from './file-grid';
export { absoluteUrl, formatSize } from './format';
export { mediaKeys, useDirTree, useFilePage, useInvalidateMedia, useOssConfig, useUploadToDir } from './media.queries';
export { type UploadedMedia, uploadToDir } from './upload-file';
export { UploadProgress } from './upload-progress';
export { precheck, type QueuedUpload, useUploadQueue } from './use-upload-queue';
