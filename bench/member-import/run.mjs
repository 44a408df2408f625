// The member import benchmark (issue 14): a generated .xlsx of 100,000 members uploaded to the server running on
// PostgreSQL (UpLoadImport), confirmed (ImportData) and waited for (GetImportDetail until status 2); records the time
// of each step and the server's RSS growth (VmRSS of its process, sampled every 100 ms, against the RSS before the
// upload). Target: under 2 minutes from upload to the last member, RSS growing less than 200 MB.
//   node bench/member-import/run.mjs [--rows 100000] [--out bench/results/member-import.json]
// DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/bench_member_import (created if missing).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/bench_member_import';
const { arg, benchRenterId, DATABASE_URL, ensureDatabase, login, pg, root, startServer } = await import('../goods-list/lib.mjs');
const ExcelJS = createRequire(path.join(root, 'apps/server/package.json'))('exceljs');

const ROWS = Number(arg('rows', 100_000));
const OUT = path.resolve(root, arg('out', 'bench/results/member-import.json'));
const BUDGET_SECONDS = 120;
const BUDGET_RSS_MB = 200;

/** Writes the file with exceljs' streaming writer: the template's columns, some rows with a level and tags. */
async function generate(file, n) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('会员');
  ws.addRow(['手机号*', '姓名', '性别', '生日', '等级', '标签', '成长值', '备注']).commit();
  for (let i = 0; i < n; i++) {
    const phone = `139${String(i).padStart(8, '0')}`;
    const y = 1960 + (i % 45);
    const birthday = `${y}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    ws.addRow([
      phone,
      `会员${i}`,
      i % 3 === 0 ? '男' : i % 3 === 1 ? '女' : '',
      birthday,
      i % 10 === 0 ? '白银会员' : '',
      i % 4 === 0 ? 'VIP，老客户' : i % 4 === 1 ? '老客户' : '',
      i % 7 === 0 ? i % 2000 : '',
      i % 5 === 0 ? `来自线下门店${i % 30}` : '',
    ]).commit();
  }
  ws.commit();
  await wb.commit();
}

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s). */
const cpuSeconds = (pid) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
};

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

await ensureDatabase();
const file = path.join(os.tmpdir(), `bench-members-${ROWS}.xlsx`);
if (!fs.existsSync(file)) {
  const t = Date.now();
  await generate(file, ROWS);
  console.log(`generated ${file} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
const fileMb = fs.statSync(file).size / 1024 / 1024;

// Its own port (BENCH_PORT, else 3981), so a goods-list bench on 3977 is never the server measured.
const server = await startServer(Number(process.env.BENCH_PORT || 3981));
try {
  const token = await login(server.url);
  // The bench enterprise: a free level and two tags the file names; members of an earlier run removed.
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const renterId = await benchRenterId(client);
  await client.query(`delete from members where renter_id = $1 and source = 3`, [renterId]);
  await client.query(`delete from member_imports where renter_id = $1`, [renterId]);
  await client.query(`update member_tags set member_count = 0 where renter_id = $1`, [renterId]);
  const rights = { discount: 1000, pointsTimes: 10, freeShipping: false, birthdayPoints: 0 };
  const card = { bgColor: '#333333', bgImage: '', textColor: '#ffffff' };
  await client.query(
    `insert into member_levels (renter_id, name, needpay, rank, growth, rights, card)
     values ($1, '白银会员', 0, 1, 500, $2, $3) on conflict do nothing`,
    [renterId, rights, card],
  );
  for (const name of ['VIP', '老客户'])
    await client.query(`insert into member_tags (renter_id, name) values ($1, $2) on conflict do nothing`, [renterId, name]);
  await client.query('vacuum analyze members');
  await client.end();

  const post = async (p, body) => {
    const r = await fetch(`${server.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify(body),
    });
    return r.json();
  };
  // Warm up (the first calls load code paths), then the baseline.
  await post('/Client/Customer/GetImportPage', {});
  await new Promise((r) => setTimeout(r, 1000));
  const rssBefore = rssMb(server.pid);
  let rssPeak = rssBefore;
  let phase = 'upload';
  const peaks = { upload: rssBefore, import: rssBefore };
  const sampler = setInterval(() => {
    const now = rssMb(server.pid);
    rssPeak = Math.max(rssPeak, now);
    peaks[phase] = Math.max(peaks[phase], now);
  }, 100);

  // The server's PostgreSQL backends (its pool): their CPU time counts with the server's.
  const backends = async () => {
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    const { rows } = await c.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    await c.end();
    return rows.map((r) => r.pid);
  };
  const pgPids = await backends();
  const cpu0 = cpuSeconds(server.pid);
  const pgCpu0 = Object.fromEntries(pgPids.map((p) => [p, cpuSeconds(p)]));
  const load0 = os.loadavg()[0];
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(file)]), 'members.xlsx');
  const up = await (await fetch(`${server.url}/Client/Customer/UpLoadImport`, { method: 'POST', headers: { token }, body: form })).json();
  if (up.code !== 0) throw new Error(`upload failed: ${JSON.stringify(up)}`);
  const t1 = performance.now();
  phase = 'import';
  const started = await post('/Client/Customer/ImportData', { id: up.data.id, existing: 1, onlyValid: true });
  if (started.code !== 0) throw new Error(`confirm failed: ${JSON.stringify(started)}`);
  let detail;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    detail = (await post('/Client/Customer/GetImportDetail', { id: up.data.id, page_size: 1 })).data.import;
    if (detail.status !== 4) break;
  }
  const t2 = performance.now();
  clearInterval(sampler);
  const rssAfter = rssMb(server.pid);
  const serverCpu = cpuSeconds(server.pid) - cpu0;
  // Backends that opened during the run started from 0.
  const pgCpu = (await backends()).reduce((sum, p) => sum + cpuSeconds(p) - (pgCpu0[p] ?? 0), 0);
  const total = (t2 - t0) / 1000;
  const growth = rssPeak - rssBefore;
  const result = {
    when: new Date().toISOString(),
    database: 'PostgreSQL',
    cpus: os.cpus().length,
    rows: ROWS,
    fileMB: Number(fileMb.toFixed(2)),
    uploadSeconds: Number(((t1 - t0) / 1000).toFixed(1)),
    importSeconds: Number(((t2 - t1) / 1000).toFixed(1)),
    totalSeconds: Number(total.toFixed(1)),
    rowsPerSecond: Math.round(ROWS / total),
    // CPU time of the server process and of its PostgreSQL backends: what the import costs whatever else runs on the
    // machine (other work on the 2 cores stretches the wall time; loadAvg says how busy the machine was).
    serverCpuSeconds: Number(serverCpu.toFixed(1)),
    postgresCpuSeconds: Number(pgCpu.toFixed(1)),
    loadAvgBefore: Number(load0.toFixed(2)),
    loadAvgAfter: Number(os.loadavg()[0].toFixed(2)),
    counts: {
      ...up.data.counts,
      created: detail.created,
      updated: detail.updated,
      skipped: detail.skipped,
      status: detail.status,
      error: detail.error,
    },
    rssBeforeMB: Math.round(rssBefore),
    rssPeakMB: Math.round(rssPeak),
    rssAfterMB: Math.round(rssAfter),
    rssGrowthMB: Math.round(growth),
    rssPeakUploadMB: Math.round(peaks.upload),
    rssPeakImportMB: Math.round(peaks.import),
    budget: { seconds: BUDGET_SECONDS, rssGrowthMB: BUDGET_RSS_MB },
    timeRatio: Number((total / BUDGET_SECONDS).toFixed(2)),
    rssRatio: Number((growth / BUDGET_RSS_MB).toFixed(2)),
    withinBudget: total < BUDGET_SECONDS && growth < BUDGET_RSS_MB && detail.status === 2,
  };
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(result);
} finally {
  await server.stop();
}
