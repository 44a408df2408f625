// The load side of the list benchmarks (goods list, customer query, goods orders): DESIGN §8's 20 clients, paced (the
// budget's run) and saturated (autocannon), with exact percentiles; CPU time of a process from /proc.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

/** DESIGN §8: 20 concurrent clients. */
export const CONNECTIONS = 20;

export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const round = (x) => Math.round(x * 10) / 10;

/** The JSON of a call's body: `body` itself, or a function answering a new body for each call (e.g. a random id). */
const bodyText = (body) => JSON.stringify(typeof body === 'function' ? body() : body);

/**
 * autocannon with CONNECTIONS connections on POST `route`; the latency of every answer is kept, for exact percentiles.
 * `body` may be a function: each call then sends what it answers.
 */
export function httpRun(url, route, token, body, seconds) {
  const lat = [];
  return new Promise((resolve, reject) => {
    const inst = autocannon(
      {
        url: `${url}${route}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        ...(typeof body === 'function'
          ? { requests: [{ setupRequest: (req) => ({ ...req, body: bodyText(body) }) }] }
          : { body: bodyText(body) }),
        connections: CONNECTIONS,
        duration: seconds,
      },
      (err, r) => {
        if (err) return reject(err);
        lat.sort((a, b) => a - b);
        resolve({ r, p50: round(pct(lat, 50)), p95: round(pct(lat, 95)), p99: round(pct(lat, 99)) });
      },
    );
    inst.on('response', (_c, _status, _bytes, ms) => lat.push(ms));
  });
}

/**
 * The paced run: CONNECTIONS clients, each calling `rate` times a second on its own schedule (a random phase, then
 * every 1000/rate ms; a late answer sends the next call at once), over keep-alive connections. Unlike autocannon's
 * connectionRate, the clients are not in step, so the server sees a steady stream rather than bursts of 20.
 */
export async function pacedRun(url, route, token, body, seconds, rate) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const { hostname, port } = new URL(url);
  const fixed = typeof body === 'function' ? null : Buffer.from(bodyText(body));
  const call = () =>
    new Promise((resolve, reject) => {
      const payload = fixed ?? Buffer.from(bodyText(body));
      const t0 = performance.now();
      const req = http.request(
        {
          agent,
          hostname,
          port,
          path: route,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': payload.length, token },
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`HTTP ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const lat = [];
  const every = 1000 / rate;
  const end = Date.now() + seconds * 1000;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      let next = Date.now() + Math.random() * every;
      while (next < end) {
        await sleep(Math.max(0, next - Date.now()));
        lat.push(await call());
        next += every;
      }
    }),
  );
  agent.destroy();
  lat.sort((a, b) => a - b);
  return { p50: round(pct(lat, 50)), p95: round(pct(lat, 95)), p99: round(pct(lat, 99)), rps: round(lat.length / seconds) };
}

/** CPU time (ms) a process has used so far, from /proc (Linux); 0 where unreadable. */
export function cpuMs(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * The server's PostgreSQL backends (its pools: connections without an application name), for their CPU time; `end`
 * closes the watching connection.
 */
export async function watchBackends(pg, url) {
  const watch = new pg.Client({ connectionString: url });
  await watch.connect();
  return {
    pids: async () =>
      (
        await watch.query(
          `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = ''`,
        )
      ).rows.map((r) => r.pid),
    end: () => watch.end(),
  };
}

/** CPU time (ms) of the server process and of the given backends, summed per side. */
export const cpuNow = (serverPid, pids) => [cpuMs(serverPid), pids.reduce((t, p) => t + cpuMs(p), 0)];

/**
 * CPU time (ms) the server and the given backends used between two readings of each backend: a backend that ended
 * in between (a pool closing an idle connection) reads 0 at the end and is left out, not counted as negative.
 */
function cpuSince(serverPid, pids, before) {
  const at = pids.map((p) => cpuMs(p));
  let pgMs = 0;
  at.forEach((ms, i) => {
    if (ms > 0) pgMs += ms - before[1][i];
  });
  return [cpuMs(serverPid) - before[0], pgMs];
}

/**
 * One endpoint and body under DESIGN §8's load: a 1 s warm-up, the saturated run (autocannon) with the CPU time of
 * the server and its backends per call, then the paced run (the budget's). Answers the figures every list bench keeps.
 */
export async function measureEndpoint({ url, route, token, body, seconds, rate, budgetMs, serverPid, backends }) {
  await httpRun(url, route, token, body, 1); // warm-up
  const pids = await backends();
  const cpu0 = [cpuMs(serverPid), pids.map((p) => cpuMs(p))];
  const h = await httpRun(url, route, token, body, seconds);
  if (h.r.non2xx || h.r.errors) throw new Error(`${route}: ${h.r.non2xx} non-2xx answers, ${h.r.errors} errors`);
  const done = h.r.requests.total || 1;
  const used = cpuSince(serverPid, pids, cpu0);
  const paced = await pacedRun(url, route, token, body, seconds, rate);
  return {
    rps: Math.round(paced.rps),
    p50: paced.p50,
    p95: paced.p95,
    p99: paced.p99,
    withinBudget: paced.p95 < budgetMs,
    capacityRps: Math.round(h.r.requests.average),
    saturatedP50: h.p50,
    saturatedP95: h.p95,
    saturatedP99: h.p99,
    serverCpuMsPerCall: round(used[0] / done),
    pgCpuMsPerCall: round(used[1] / done),
  };
}

/** The head of a list bench's result file: when, the budget and its two runs. */
export function resultHead({ budgetMs, seconds, rate }) {
  return {
    measured: new Date().toISOString(),
    budget: { p95Ms: budgetMs, connections: CONNECTIONS, secondsPerScenario: seconds, pacedCallsPerClientPerSecond: rate },
    runs: {
      budget: `rps/p50/p95/p99/withinBudget: 20 clients at ${rate} calls a second each, out of step (${CONNECTIONS * rate} calls/s in all)`,
      saturated:
        'capacityRps/saturatedP50/P95/P99: each of the 20 connections sends its next call as soon as the answer arrives (the 2 cores at 100 %, shared with autocannon): latency there is queueing, p95 ≈ 20 / capacity',
    },
  };
}

/** The machine a run was measured on, with the 1-minute load average at its start and end. */
export function machineOf(loadAtStart) {
  const r = (x) => Math.round(x * 10) / 10;
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage1mAtStart: r(loadAtStart),
    loadAverage1mAtEnd: r(os.loadavg()[0]),
    note: process.env.BENCH_NOTE || undefined,
  };
}

/** The names of the scenarios over budget. */
export const overOf = (scenarios) =>
  Object.entries(scenarios)
    .filter(([, r]) => !r.withinBudget)
    .map(([n]) => n);

/**
 * A list bench's server and calls (customer-inquiry, goods-orders): starts the server (`startServer` of lib.mjs) and
 * watches its PostgreSQL backends; answers `measure` (a checked first call, then measureEndpoint; the body may be a
 * function drawing a new one per call), `line` (the console line of a scenario), `windowRefusal` (page 501 of 20 must
 * be refused: pages reach the first 10,000 rows), `listScenario` (a list body measured, answered as the result row with
 * its first page's size and total) and `stop`.
 */
export async function listRunner({ startServer, pg, databaseUrl, seconds, rate, budgetMs }) {
  const server = await startServer();
  const watch = await watchBackends(pg, databaseUrl);
  const backends = watch.pids;
  const post = async (route, token, body) =>
    (
      await fetch(`${server.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify(body),
      })
    ).json();
  async function measure(token, route, body) {
    const first = await post(route, token, typeof body === 'function' ? body() : body);
    if (first.code !== 0) throw new Error(`${route} ${JSON.stringify(body)}: ${JSON.stringify(first).slice(0, 300)}`);
    const figures = await measureEndpoint({
      url: server.url,
      route,
      token,
      body,
      seconds,
      rate,
      budgetMs,
      serverPid: server.pid,
      backends,
    });
    return { first: first.data, ...figures };
  }
  const line = (n, r, extra) =>
    console.log(
      `${n.padEnd(24)} ${r.rps} req/s p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms ${r.withinBudget ? 'ok' : 'OVER'} | saturated ${r.capacityRps} req/s p95 ${r.saturatedP95} ms | cpu ${r.serverCpuMsPerCall}+${r.pgCpuMsPerCall} ms | ${extra}`,
    );
  async function windowRefusal(token, route, base) {
    const refused = await post(route, token, { ...base, page_index: 501 });
    if (refused.code === 0) throw new Error('page 501 was answered: the list window is not enforced');
    return { page_index: 501, page_size: 20, code: refused.code, msg: refused.msg };
  }
  async function listScenario(token, route, name, scenario, body) {
    const { first, ...r } = await measure(token, route, body);
    line(name, r, `total ${first.total_count}${first.total_estimated ? '~' : ''}`);
    const row = {
      body: scenario,
      rows: first.rows.length,
      total_count: first.total_count,
      ...(first.total_estimated ? { total_estimated: true } : {}),
      ...r,
    };
    return { first, row };
  }
  const stop = async () => {
    await watch.end();
    await server.stop();
  };
  return { url: server.url, measure, line, windowRefusal, listScenario, stop };
}

/**
 * Writes a list bench's result file; a run of some scenarios only (`--only`) keeps the others' figures from the file
 * (`merge(prev)` adds what else the bench keeps) and recomputes overBudget. Exit code 1 when any is over.
 */
export function saveResult(file, out, { only, root, merge }) {
  if (only?.length && fs.existsSync(file)) {
    const prev = JSON.parse(fs.readFileSync(file, 'utf8'));
    out.scenarios = { ...prev.scenarios, ...out.scenarios };
    merge?.(prev);
    out.overBudget = overOf(out.scenarios);
  }
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  const over = out.overBudget;
  console.log(`${over.length ? `over budget: ${over.join(', ')}` : 'all within budget'}: ${path.relative(root, file)}`);
  if (over.length) process.exitCode = 1;
}
