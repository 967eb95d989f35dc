import { gzipSync } from 'node:zlib'

/** Bytes after gzip at the default level, the way a server would usually send JS. */
export const gzipSize = (body: Uint8Array | string): number => gzipSync(body).length

export const formatKiB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`
