/** PostgreSQL's unique_violation SQLSTATE. */
const UNIQUE_VIOLATION = '23505'

export const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION

/** Runs `work` again once when it lost an insert race; the second run sees the winner's row. */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    return work()
  }
}
