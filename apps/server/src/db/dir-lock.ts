import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock between processes: two processes on one data dir silently lose writes.
 * Takes an exclusive lock file in the data dir and refuses a second opener with a clear message.
 */
export function acquireDirLock(dir: string): () => Promise<void> {
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `数据目录 ${dir} 正被另一个进程（pid ${pid}）使用。内置数据库不能被两个进程同时打开：请先停止它，或用 DATA_DIR 指定另一个目录。`,
        );
      }
      if (pid === process.pid) throw new Error(`数据目录 ${dir} 已被本进程打开`);
      fs.rmSync(file, { force: true }); // stale lock of a dead process
    }
  }
  throw new Error(`无法锁定数据目录 ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
