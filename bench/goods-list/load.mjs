// The load side of the list benchmarks (goods list, customer query): DESIGN §8's 20 clients, paced (the budget's run)
// and saturated (autocannon), with exact percentiles; CPU time of a process from /proc.
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';

/** DESIGN §8: 20 concurrent clients. */
export const CONNECTIONS = 20;

export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const round = (x) => Math.round(x * 10) / 10;

/** autocannon with CONNECTIONS connections on POST `route`; the latency of every answer is kept, for exact percentiles. */
export function httpRun(url, route, token, body, seconds) {
  const lat = [];
  return new Promise((resolve, reject) => {
    const inst = autocannon(
      {
        url: `${url}${route}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify(body),
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
  const payload = Buffer.from(JSON.stringify(body));
  const call = () =>
    new Promise((resolve, reject) => {
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
