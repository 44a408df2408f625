import { contract } from '../../packages/contract/src/index';

/** What the console's client needs of each endpoint: where to send it, and whether a creation carries its key. */
export interface RouteOf {
  method: string;
  path: string;
  idempotent?: boolean;
}

const ID = 'virtual:contract-routes';
const RESOLVED = `\0${ID}`;

/**
 * `virtual:contract-routes`: the contract's endpoints as {module: {name: {method, path, idempotent}}}, computed from
 * the contract at build time. The console's client is built from it, so the first screen carries no zod schema of
 * the endpoints (the budget of DESIGN §8: /login under 300 KB of gzipped JavaScript); the schemas stay with the
 * screens that validate with them. Shared by apps/admin and apps/shop (tools/vite-plugins).
 */
export function contractRoutes(modules?: readonly (keyof typeof contract)[]) {
  // modules: only these (apps/shop takes the customer-side ones); all by default (the console).
  const chosen = Object.entries(contract).filter(([m]) => !modules || modules.includes(m as keyof typeof contract));
  const routes = Object.fromEntries(
    chosen.map(([m, endpoints]) => [
      m,
      Object.fromEntries(
        Object.entries(endpoints as Record<string, RouteOf>).map(([name, e]) => [
          name,
          { method: e.method, path: e.path, ...(e.idempotent ? { idempotent: true } : {}) },
        ]),
      ),
    ]),
  );
  return {
    name: 'contract-routes',
    resolveId: (id: string) => (id === ID ? RESOLVED : undefined),
    load: (id: string) => (id === RESOLVED ? `export default ${JSON.stringify(routes)};` : undefined),
  };
}
