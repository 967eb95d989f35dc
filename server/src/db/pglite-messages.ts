/** What the API thread and its PGlite worker (`pglite-worker.ts`) say to each other. */
export interface PgliteWorkerData {
  dataDir: string
}

export type ToPglite =
  | { id: number; type: 'query'; sql: string; params: unknown[]; transaction?: number }
  /** Opens a transaction; its id is the request's id, named by the queries in it and by its `end`. */
  | { id: number; type: 'begin' }
  | { id: number; type: 'end'; transaction: number; commit: boolean }
  | { id: number; type: 'close' }

/** A database error as the worker saw it: its message and its SQLSTATE (what callers branch on). */
export interface PgliteError {
  message: string
  code?: string
}

export type FromPglite =
  | { type: 'ready' }
  | { type: 'failed'; error: PgliteError }
  | { id: number; ok: true; rows?: unknown[] }
  | { id: number; ok: false; error: PgliteError }
