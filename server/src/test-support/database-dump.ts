import type { Queryable } from '../db/types.js'

/** Every table's rows as an attacker with a backup reads them: one JSON text per row, and every leaf value in them. */
export interface DatabaseDump {
  rows: string[]
  values: (string | number)[]
}

export async function dumpDatabase(db: Queryable): Promise<DatabaseDump> {
  const tables = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  )
  const rows: string[] = []
  for (const { table_name } of tables) {
    for (const row of await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${table_name}" t`)) rows.push(row.row)
  }
  const values: (string | number)[] = []
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      values.push(value)
      // jsonb columns may hold JSON text of their own.
      if (/^[[{"]/.test(value))
        try {
          walk(JSON.parse(value))
        } catch {
          /* plain text */
        }
    } else if (typeof value === 'number') values.push(value)
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) walk(inner)
  }
  for (const row of rows) walk(JSON.parse(row))
  return { rows, values }
}
