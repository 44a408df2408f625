/** Every table, for Drizzle and drizzle-kit. Modules own their tables in <module>.tables.ts. */
export * from '../modules/login/login.tables';
