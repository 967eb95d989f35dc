/** The one database surface the server uses; PGlite and PostgreSQL both implement it. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>
}

export interface Db extends Queryable {
  /** Runs `work` in one transaction; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
  readonly kind: 'pglite' | 'postgres'
  /** PostgreSQL only: NOTIFY payloads on `channel` from every process on the database, this one included; ends with `close()`. */
  listen?(channel: string, handlers: NoticeHandlers): void
}

export interface NoticeHandlers {
  onNotice(payload: string): void
  /** False while the connection is lost: notices sent meanwhile are missed. */
  onListening(listening: boolean): void
}
