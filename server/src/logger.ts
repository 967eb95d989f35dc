import { pino, type Logger } from 'pino'

export type { Logger }

/** Structured logs; never pass codes, tokens or keys to them. `quiet` keeps only errors. */
export function createLogger(quiet: boolean): Logger {
  return pino({ level: quiet ? 'error' : (process.env.LOG_LEVEL ?? 'info'), base: undefined })
}
