import { useEffect } from 'react'
import type { TesseraClient, TesseraError } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useLatest } from '../hooks/latest.js'

export interface CaptchaProps {
  /** Do not solve on mount: the app calls `useTesseraClient().captcha.execute()` when it wants the token. */
  delayedExecution?: boolean
  /** The token for a headless flow (`captchaToken` of `sendCode`, `loginWithPasskey`, ...): single use. */
  onSuccess?(token: string): void
  onError?(error: TesseraError): void
  /** The app has no CAPTCHA enabled: headless flows need no token. */
  onUnsupported?(): void
}

type CaptchaCallbacks = Omit<CaptchaProps, 'delayedExecution'>

/** Solves the app's CAPTCHA once the config is known, and reports the outcome. */
export async function runCaptcha(client: TesseraClient, callbacks: () => CaptchaCallbacks): Promise<void> {
  await client.ready
  if (client.getCaptcha().status === 'disabled') return callbacks().onUnsupported?.()
  try {
    const token = await client.captcha.execute()
    callbacks().onSuccess?.(token)
  } catch (error) {
    // The core's captcha rejects only with its typed errors ('Captcha failed', 'Captcha is not enabled').
    callbacks().onError?.(error as TesseraError)
  }
}

/**
 * The CAPTCHA the headless flows need (the reference SDK's `<Captcha />`): ALTCHA solves a proof of work from the
 * server with nothing to show; Turnstile runs Cloudflare's invisible widget in the container the core adds. Renders
 * nothing itself; render one at a time.
 */
export function Captcha({ delayedExecution = false, ...callbacks }: CaptchaProps): null {
  const client = useTesseraClient()
  const latest = useLatest(callbacks)
  useEffect(() => {
    if (!delayedExecution) void runCaptcha(client, () => latest.current)
  }, [client, delayedExecution, latest])
  return null
}
