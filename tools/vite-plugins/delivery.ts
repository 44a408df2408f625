import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Build plugins shared by apps/admin and apps/shop: chunk notes and precompression.
 *
 * Code that must stay out of the chunks a first visit of /login loads (DESIGN §8: 300 KB gzipped): each name is
 * the mark written beside a chunk in .vite/chunks.json when one of its modules matches. bench/console-size.mjs and
 * the e2e test e2e/tests/shell/console-delivery.spec.ts read those marks.
 */
export const HEAVY_CODE: Record<string, RegExp> = {
  table: /node_modules\/(antd\/es\/table|rc-table|@rc-component\/table)\//,
  // The goods description editor and what it runs on (TipTap over ProseMirror).
  editor:
    /src\/modules\/goods\/goods-edit\/rich-text\/rich-text-editor\.tsx$|node_modules\/(@tiptap\/|prosemirror-|orderedmap\/|rope-sequence\/|w3c-keyname\/|linkifyjs\/)/,
  charts: /node_modules\/(echarts|zrender)\//,
  excel: /node_modules\/exceljs\//,
  'pro-components': /node_modules\/@ant-design\/pro-/,
};

export interface ChunkNote {
  /** Module ids, relative to the repository root. */
  modules: string[];
  imports: string[];
  dynamicImports: string[];
  /** Names of HEAVY_CODE found in the chunk. */
  heavy: string[];
}

/**
 * Writes dist/.vite/chunks.json: every chunk's modules and the heavy code among them. Tests and the bench check
 * what a page loads against it (the module graph, not timings). The server never serves dot directories.
 */
export function chunkNotes(repoRoot: string, heavyCode: Record<string, RegExp> = HEAVY_CODE): Plugin {
  return {
    name: 'chunk-notes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, ChunkNote> = {};
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk') continue;
        const modules = out.moduleIds.map((id) => path.relative(repoRoot, id.replace(/^\0/, '')).split(path.sep).join('/'));
        chunks[file] = {
          modules,
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          heavy: Object.keys(heavyCode).filter((name) => out.moduleIds.some((id) => heavyCode[name].test(id.split(path.sep).join('/')))),
        };
      }
      const marks = Object.fromEntries(Object.entries(heavyCode).map(([k, re]) => [k, re.source]));
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: `${JSON.stringify({ heavyCode: marks, chunks }, null, 1)}\n` });
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;
/** Brotli's best quality (11) costs ~4× the time of 10 for ~1.5 % less; the big lazy chunks (charts, Excel) get 10. */
const BEST_QUALITY_UP_TO = 256 * 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes <file>.br (quality 11, 10 above 256 KB) and <file>.gz (level 9) beside each compressible file of the build, once, so that
 * the server (@fastify/static, preCompressed) sends them as they are instead of compressing on every request.
 * A copy that would not be smaller is not written: the file is then sent as it is.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => COMPRESSIBLE.test(f) && !f.startsWith('.'));
      // Files from public/ (logo.svg) are copied, not in the bundle.
      const publicFiles = fs.readdirSync(outDir).filter((f) => COMPRESSIBLE.test(f) && !(f in bundle));
      await Promise.all(
        [...files, ...publicFiles].map(async (file) => {
          const full = path.join(outDir, file);
          const body = await fs.promises.readFile(full);
          if (body.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: body.length <= BEST_QUALITY_UP_TO ? 11 : 10,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              },
            }),
            gzip(body, { level: 9 }),
          ]);
          if (br.length < body.length) await fs.promises.writeFile(`${full}.br`, br);
          if (gz.length < body.length) await fs.promises.writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}
