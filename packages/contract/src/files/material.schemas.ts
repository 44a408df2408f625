import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { uuid } from '../core/fields';

/** What the library holds: images and MP4 videos (certificates are private and never listed). */
export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_KIND_LABELS: Record<MediaKind, string> = { image: '图片', video: '视频' };

export const MEDIA_TYPE_MSG = '只能上传 JPG、PNG、GIF、WebP 格式的图片或 MP4 格式的视频';
export const CERT_TYPE_MSG = '只能上传 PEM 或 P12 格式的证书';
export const FILE_GONE_MSG = '文件不存在或已删除';
export const DIR_GONE_MSG = '目录不存在或已删除';
export const DIR_NAME_TAKEN_MSG = '同级目录名称已存在';
export const DIR_NOT_EMPTY_MSG = '目录下还有文件，不能删除';
export const DIR_HAS_CHILDREN_MSG = '目录下还有子目录，不能删除';

/** The root of the tree in every call: files and directories there have no directory (未分组). */
export const ROOT_DIR = '0';
/** Largest number of directories one enterprise may have. */
export const DIR_MAX = 500;
/** URLs one 提取网络图片 call may fetch. */
export const DOWN_URLS_MAX = 20;
/** Width of the WebP thumbnail made for every image. */
export const THUMB_WIDTH = 200;
/** Largest certificate file. */
export const CERT_MAX_KB = 64;

/** Slashes would read as paths, control characters as nothing. */
const badNameChar = (v: string) => [...v].some((c) => c === '/' || c === '\\' || c < ' ' || c === '\u007f');

/** '0' (or empty) for the root, else a directory id. */
export const targetDir = z
  .union([z.literal(''), z.literal(ROOT_DIR), uuid('目录')], { error: '目录格式不正确' })
  .optional()
  .default(ROOT_DIR)
  .transform((v) => (v === '' ? ROOT_DIR : v))
  .describe("目标目录：'0' 或空为根目录（未分组），否则目录 id");

const dirName = z
  .string({ error: '请输入目录名称' })
  .trim()
  .min(1, '请输入目录名称')
  .max(30, '目录名称不能超过30个字')
  .refine((v) => !badNameChar(v), '目录名称不能包含 / \\ 或控制字符');

const fileName = z
  .string({ error: '请输入文件名称' })
  .trim()
  .min(1, '请输入文件名称')
  .max(100, '文件名称不能超过100个字')
  .refine((v) => !badNameChar(v), '文件名称不能包含 / \\ 或控制字符');

/** A file of the library as the console lists it. */
export const mediaFile = z.object({
  id: z.string(),
  name: z.string(),
  /** Where the file is served: /file/<renter>/<yyyy>/<mm>/<uuid>.<ext> */
  url: z.string(),
  /** The 200px-wide WebP beside an image; '' for videos (and images that could not be decoded). */
  thumbUrl: z.string(),
  kind: z.enum(MEDIA_KINDS),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** '0' for the root (未分组). */
  dirId: z.string(),
  /** 'upload', 'base64' or 'url' (提取网络图片). */
  source: z.string(),
  createTime: z.string(),
});
export type MediaFile = z.output<typeof mediaFile>;

/** Multipart: dirId and one image or MP4 file (field `file`). */
export const upLoadToDirBody = z.object({ dirId: targetDir });

export const upLoadBase64Body = z.object({
  data: z
    .string({ error: '请选择要上传的图片' })
    .trim()
    .min(1, '请选择要上传的图片')
    .regex(/^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]+$/, '图片数据格式不正确')
    .describe('data:image/png;base64,...（类型以内容为准）'),
  dirId: targetDir,
  name: z.string().trim().max(100, '文件名称不能超过100个字').optional().default(''),
});

/** A stored certificate: never served, so no url. */
export const uploadedCert = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  format: z.enum(['pem', 'p12']),
  createTime: z.string(),
});

export const ossConfig = z.object({
  /** 'local': DATA_DIR/files served by this server; 's3': an S3-compatible bucket (still reached through /file/). */
  storage: z.string(),
  /** Prefix of every file url (spec 000 §7.1: /file). */
  fileHost: z.string(),
  imageMaxMb: z.number(),
  videoMaxMb: z.number(),
  certMaxKb: z.number(),
  imageTypes: z.array(z.string()),
  videoTypes: z.array(z.string()),
  thumbWidth: z.number().int(),
  dirMax: z.number().int(),
  downUrlsMax: z.number().int(),
});

/** One directory; the console builds the tree from parentId. */
export const dirRow = z.object({
  id: z.string(),
  name: z.string(),
  /** '0' at the root. */
  parentId: z.string(),
  /** Files directly inside. */
  fileCount: z.number().int(),
  createTime: z.string(),
});
export type DirRow = z.output<typeof dirRow>;

export const treeData = z.object({
  dirs: z.array(dirRow),
  /** Every file of the library. */
  total: z.number().int(),
  /** Files at the root (未分组). */
  rootCount: z.number().int(),
});

export const addDirBody = z.object({
  parentId: targetDir.describe("上级目录：'0' 或空为根目录"),
  name: dirName,
});
export const renameDirBody = z.object({ id: uuid('目录'), name: dirName });
export const dirIdBody = z.object({ id: uuid('目录') });

export const MEDIA_SORT_FIELDS = ['createTime', 'name', 'size'] as const;

export const filePageBody = listQuery.extend({
  dirId: z
    .union([z.literal(''), z.literal(ROOT_DIR), uuid('目录')], { error: '目录格式不正确' })
    .optional()
    .default('')
    .describe("''：全部文件；'0'：未分组；否则该目录下的文件（不含子目录）"),
  kind: z
    .union([z.literal(''), z.enum(MEDIA_KINDS)], { error: '文件类型不正确' })
    .optional()
    .default('')
    .describe("''：全部；image 图片；video 视频"),
});

export const fileIdBody = z.object({ id: uuid('文件') });
const fileIds = z.array(uuid('文件'), { error: '请选择文件' }).min(1, '请选择文件').max(200, '一次最多操作200个文件');
export const fileIdsBody = z.object({ ids: fileIds });
export const moveFilesBody = z.object({ ids: fileIds, dirId: targetDir });
export const renameFileBody = z.object({ id: uuid('文件'), name: fileName });

export const usageData = z.object({
  images: z.number().int(),
  videos: z.number().int(),
  dirs: z.number().int(),
  /** Bytes of every file of the library. */
  bytes: z.number(),
});

export const downToDirBody = z.object({
  urls: z
    .array(z.string().trim().min(1, '请输入图片地址').max(2000, '图片地址不能超过2000个字符'), { error: '请输入图片地址' })
    .min(1, '请输入图片地址')
    .max(DOWN_URLS_MAX, `一次最多提取${DOWN_URLS_MAX}张图片`),
  dirId: targetDir,
});
export const downResult = z.object({
  url: z.string(),
  ok: z.boolean(),
  /** Why it failed, or 提取成功. */
  msg: z.string(),
  file: mediaFile.nullable(),
});

export const downQrCodeBody = z.object({
  text: z.string({ error: '请输入二维码内容' }).trim().min(1, '请输入二维码内容').max(1000, '二维码内容不能超过1000个字符'),
  /** Pixels; spec 000 §9: QR size 200. */
  size: z.coerce.number().int('二维码尺寸须为整数').min(100, '二维码尺寸不能小于100').max(1000, '二维码尺寸不能超过1000').default(200),
});
