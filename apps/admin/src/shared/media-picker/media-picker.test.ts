import type { DirRow } from '@contract/index';
import { describe, expect, it } from 'vitest';
import { buildTree, ROOT_KEY } from './dir-tree';
import { precheck } from './use-upload-queue';

const file = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });
const limits = { imageMaxMb: 1, videoMaxMb: 2 };

describe('precheck', () => {
  it('lets images and MP4 videos within their own limits through', () => {
    expect(precheck(file('a.png', 'image/png', 1024), limits, '')).toBeNull();
    expect(precheck(file('a.mp4', 'video/mp4', 1.5 * 1024 * 1024), limits, '')).toBeNull();
  });

  it('refuses other types, the wrong kind for a picker, and files over their limit', () => {
    expect(precheck(file('a.svg', 'image/svg+xml', 10), limits, '')).toBe('只能上传 JPG、PNG、GIF、WebP 格式的图片或 MP4 格式的视频');
    expect(precheck(file('a.mp4', 'video/mp4', 10), limits, 'image')).toBe('只能上传 JPG、PNG、GIF、WebP 格式的图片');
    expect(precheck(file('a.png', 'image/png', 1.5 * 1024 * 1024), limits, '')).toBe('文件大小不能超过1MB');
    expect(precheck(file('a.mp4', 'video/mp4', 3 * 1024 * 1024), limits, 'video')).toBe('文件大小不能超过2MB');
  });
});

describe('buildTree', () => {
  const dir = (id: string, parentId: string, name = id): DirRow => ({ id, parentId, name, fileCount: 0, createTime: '' });

  it('nests the flat rows by parentId, any depth', () => {
    const tree = buildTree([dir('a', ROOT_KEY), dir('b', 'a'), dir('c', 'b'), dir('d', ROOT_KEY)], (d) => d.name);
    expect(tree.map((n) => n.key)).toEqual(['a', 'd']);
    expect(tree[0].children?.[0].children?.[0]).toMatchObject({ key: 'c', isLeaf: true });
  });

  it('leaves out rows whose parent is missing instead of looping', () => {
    const tree = buildTree([dir('x', 'y'), dir('y', 'x')], (d) => d.name);
    expect(tree).toEqual([]);
  });
});
