// Types of throwaway-postgres.mjs for the TypeScript tests that start their own cluster.
export interface ThrowawayPostgres {
  url: string
  /** Shuts the cluster down (open connections are ended), keeping its data for `resume` (an outage). */
  halt(): Promise<void>
  /** Starts the halted cluster again on the same data directory and port. */
  resume(): Promise<void>
  stop(): void
}
export function startThrowawayPostgres(): Promise<ThrowawayPostgres>
