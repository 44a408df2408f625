import { z } from 'zod';
import { uuid } from '../core/fields';

/** Image types an upload may be, by their content (never by name or declared type). */
export const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageMime = (typeof IMAGE_MIMES)[number];

export const IMAGE_TYPE_MSG = '只能上传 JPG、PNG、GIF、WebP 格式的图片';
export const NO_FILE_MSG = '请选择要上传的文件';
/** The refusal of a file over the limit, e.g. 文件大小不能超过5MB. */
export const fileTooLargeMsg = (mb: number) => `文件大小不能超过${mb}MB`;
export const FORM_GONE_MSG = '表单不存在或已失效';

/** A stored file as the console and the fill page see it. */
export const uploadedFile = z.object({
  id: z.string(),
  /** Where the file is served: /file/<renter>/<yyyy>/<mm>/<uuid>.<ext> */
  url: z.string(),
  /** The name it had on the uploader's computer. */
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  mime: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type UploadedFileInfo = z.output<typeof uploadedFile>;

/** Staff upload: multipart with one file (field `file`); no text fields. */
export const upLoadBody = z.object({});

export const delFileBody = z.object({ id: uuid('文件') });

export const fileNamesBody = z.object({
  ids: z.array(uuid('文件'), { error: '请选择文件' }).min(1, '请选择文件').max(200, '一次最多查询200个文件'),
});
export const fileNameItem = z.object({ id: z.string(), name: z.string(), url: z.string() });

/** Customer upload on the public fill page: multipart with formId and one file; the visitor is the signed visitor id. */
export const publicUpLoadBody = z.object({ formId: uuid('表单') });
