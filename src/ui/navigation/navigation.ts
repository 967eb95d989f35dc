import { loginMethodRoutes, type LoginMethodScreen } from '../login-methods/route-list.js'
import type { WalletFlowScreen } from '../screens/wallet-flows/screens.js'

/** The modal's screens besides the wallet security flows (`group:step`, one lazy router for all: walletFlowScreens). */
export const modalScreens = [
  'landing',
  'error',
  // Landing overflow.
  'more-options',
  // Access rejections, CAPTCHA, terms and account transfer (sign-in spec, "Screens and routes" and "States and transitions"; wallet spec).
  'allowlist-denied',
  'user-limit',
  'account-not-found',
  'captcha',
  'terms',
  'account-transfer',
  'account-transfer-assets',
  // Each login method's own screens (login-methods/<method>/routes.ts).
  ...loginMethodRoutes.flatMap((routes): readonly LoginMethodScreen[] => routes.screens),
] as const

/** The modal's screens. Error screens carry the error that led there. */
export type Screen = WalletFlowScreen | (typeof modalScreens)[number]

export interface NavigationState {
  current: Screen
  last: Screen | null
  history: Screen[]
}

export interface Navigation {
  getState(): NavigationState
  subscribe(listener: () => void): () => void
  navigate(screen: Screen): void
  /** Back to the previous screen, or the landing when there is none. */
  back(): void
  /** Clears the history and starts again on `start` (default the landing; a link or update intent opens on its method). */
  reset(start?: Screen): void
}

const initialState: NavigationState = { current: 'landing', last: null, history: [] }

/** A small screen store (sign-in spec, "Screens and routes": "Screen navigation": current, last, navigate, back, reset). */
export function createNavigation(): Navigation {
  let state = initialState
  const listeners = new Set<() => void>()
  const set = (next: NavigationState) => {
    state = next
    for (const listener of listeners) listener()
  }
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    navigate(screen) {
      if (screen === state.current) return
      set({ current: screen, last: state.current, history: [...state.history, state.current] })
    },
    back() {
      const history = state.history.slice(0, -1)
      set({ current: state.history.at(-1) ?? 'landing', last: state.current, history })
    },
    reset(start = 'landing') {
      if (state.current === start && state.history.length === 0 && state.last === null) return
      set({ current: start, last: null, history: [] })
    },
  }
}
