/** The modal's screens. Error screens carry the error that led there. */
export type Screen = 'landing' | 'code' | 'error'

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
  reset(): void
}

const initialState: NavigationState = { current: 'landing', last: null, history: [] }

/** A small screen store (document 1 §2 "Screen navigation": current, last, navigate, back, reset). */
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
    reset() {
      if (state !== initialState) set(initialState)
    },
  }
}
