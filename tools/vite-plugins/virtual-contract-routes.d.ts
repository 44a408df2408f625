declare module 'virtual:contract-routes' {
  const routes: Record<string, Record<string, { method: string; path: string; idempotent?: boolean }>>;
  export default routes;
}
