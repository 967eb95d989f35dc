import type { AuthNamespaces } from '../auth/login-methods.js'
import type { OtpFlowState } from '../auth/otp/types.js'
import type { ClientRuntime } from './runtime.js'

/**
 * Once a sign-in code is on its way, an app that creates wallets at login loads the wallet frame, so their creation
 * does not start by waiting for the frame after the last digit (~200 ms on the bench); a user who never enters the
 * code has loaded the frame for nothing. The methods' stores drop these listeners when the client is destroyed.
 */
export function warmWalletFrameOnCodeSent(runtime: ClientRuntime, auth: Pick<AuthNamespaces, 'email' | 'sms'>): void {
  const warm = (state: OtpFlowState) => {
    if (state.status !== 'awaiting-code-input' || state.intent !== 'login') return
    const { ethereum, solana } = runtime.config.get().config.embeddedWallets
    if (ethereum.createOnLogin === 'off' && solana.createOnLogin === 'off') return
    // The creation at login reports its own failures; an early load has nothing to add.
    void runtime.embeddedWallets
      .load()
      .then((wallets) => wallets.warmUpFrame())
      .catch(() => undefined)
  }
  auth.email.watchState(warm)
  auth.sms.watchState(warm)
}
