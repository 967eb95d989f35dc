import { useSyncExternalStore } from 'react'
import type { AuthState, Listener, TesseraClient, Unsubscribe } from '../../src/core/index.js'

/**
 * One subscription over one slice of the client's state: re-renders only when that slice changes. `getServerSnapshot`
 * is what a server render shows and hydration starts from.
 */
export function useSlice<T>(watch: (listener: Listener<T>) => Unsubscribe, get: () => T, getServerSnapshot: () => T = get): T {
  return useSyncExternalStore((onChange) => watch(() => onChange()), get, getServerSnapshot)
}

/** The session lives in the browser: a server render, and hydration after it, show it still being checked. */
const authOnServer: AuthState = { status: 'loading', user: null }

export function useAuthState(client: TesseraClient): AuthState {
  return useSlice((listener) => client.watchAuth(listener), () => client.getAuth(), () => authOnServer)
}

export type OtpChannel = 'email' | 'sms'
export type OtpFlowState = ReturnType<TesseraClient['getEmailFlow']>

/** The email or SMS one-time-code flow (both share one shape). */
export function useOtpFlow(client: TesseraClient, channel: OtpChannel): OtpFlowState {
  return useSlice(
    (listener) => (channel === 'email' ? client.watchEmailFlow(listener) : client.watchSmsFlow(listener)),
    () => (channel === 'email' ? client.getEmailFlow() : client.getSmsFlow()),
  )
}

export type OAuthFlowState = ReturnType<TesseraClient['getOAuthFlow']>

export function useOAuthFlow(client: TesseraClient): OAuthFlowState {
  return useSlice((listener) => client.watchOAuthFlow(listener), () => client.getOAuthFlow())
}

export type PasskeyFlowState = ReturnType<TesseraClient['getPasskeyFlow']>

export function usePasskeyFlow(client: TesseraClient): PasskeyFlowState {
  return useSlice((listener) => client.watchPasskeyFlow(listener), () => client.getPasskeyFlow())
}

export type TelegramFlowState = ReturnType<TesseraClient['getTelegramFlow']>

export function useTelegramFlow(client: TesseraClient): TelegramFlowState {
  return useSlice((listener) => client.watchTelegramFlow(listener), () => client.getTelegramFlow())
}

export type FarcasterFlowState = ReturnType<TesseraClient['getFarcasterFlow']>

export function useFarcasterFlow(client: TesseraClient): FarcasterFlowState {
  return useSlice((listener) => client.watchFarcasterFlow(listener), () => client.getFarcasterFlow())
}

export type WalletFlowState = ReturnType<TesseraClient['wallets']['getFlow']>

/** The external-wallet connection and SIWE/SIWS flow. */
export function useWalletFlow(client: TesseraClient): WalletFlowState {
  return useSlice((listener) => client.wallets.watchFlow(listener), () => client.wallets.getFlow())
}

/** Connected external wallets (subscribing starts discovery and restores remembered connections). */
export function useConnectedWallets(client: TesseraClient): ReturnType<TesseraClient['wallets']['getConnected']> {
  return useSlice((listener) => client.wallets.watchConnected(listener), () => client.wallets.getConnected())
}

/** The wallets the picker offers, in the app's wallet list order. */
export function useWalletOptions(client: TesseraClient): ReturnType<TesseraClient['wallets']['getOptions']> {
  return useSlice((listener) => client.wallets.watchOptions(listener), () => client.wallets.getOptions())
}
