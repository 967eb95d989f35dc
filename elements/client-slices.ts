/** The screens' client-slice hooks, for the React wrapper: one copy serves both, and the wrapper may not import src/ui itself. */
export { useSlice } from '../src/ui/client-slices/use-slice.js'
export { useAuthState } from '../src/ui/client-slices/auth.js'
export { useLoginMethodState, type OtpChannel } from '../src/ui/client-slices/login-method.js'
export { useConnectedWallets, useWalletFlow, useWalletOptions } from '../src/ui/client-slices/wallets.js'
export { useEmbeddedWalletsState } from '../src/ui/client-slices/embedded-wallets.js'
export { useMfaState } from '../src/ui/client-slices/mfa.js'
