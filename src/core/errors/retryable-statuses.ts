/** Statuses the transport retries; errors with them are marked retryable. */
export const retryableStatuses: ReadonlySet<number> = new Set([408, 409, 425, 500, 502, 503, 504])
