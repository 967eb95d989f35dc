/** A wallet request raced against its time limit: every wait on a wallet ends (sign-in spec, "Business constants and limits"). */
import { walletTimedOutError } from './errors.js'

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(walletTimedOutError()), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
