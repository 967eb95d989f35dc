/** Runs `operations` calls with a fixed concurrency and reports throughput and latency percentiles. */
export interface ThroughputResult {
  operations: number
  concurrency: number
  opsPerSecond: number
  p50Ms: number
  p99Ms: number
}

function percentile(sortedMs: number[], fraction: number): number {
  const index = Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1)
  return sortedMs[Math.max(0, index)] ?? Number.NaN
}

/** `operation(i, worker)` is called once per index; each worker runs its share in sequence. */
export async function runConcurrently(
  operations: number,
  concurrency: number,
  operation: (index: number, worker: number) => Promise<void>,
): Promise<ThroughputResult> {
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let index = next++; index < operations; index = next++) {
        const begin = performance.now()
        await operation(index, worker)
        latencies.push(performance.now() - begin)
      }
    }),
  )
  const elapsedSeconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return { operations, concurrency, opsPerSecond: operations / elapsedSeconds, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99) }
}
