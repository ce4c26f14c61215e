// Values handed from the API global setups to the per-file setup (vitest `provide`/`inject`).
declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the tar of a migrated and seeded PGlite data dir (api-pglite). */
    pgliteTarball: string;
    /** Admin connection URL used to create and drop the per-file databases (api-postgres). */
    pgAdminUrl: string;
  }
}
export {};
