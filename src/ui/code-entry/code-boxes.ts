import { OTP_LENGTH } from '../../protocol/index.js'

export interface CodeBoxesState {
  digits: string[]
  /** Index of the box that should hold focus. */
  focus: number
  error: 'not-numeric' | null
}

export type CodeBoxesAction = { type: 'input'; index: number; value: string } | { type: 'backspace'; index: number } | { type: 'clear' }

export const emptyCodeBoxes = (): CodeBoxesState => ({ digits: Array<string>(OTP_LENGTH).fill(''), focus: 0, error: null })

/** Typing and pasting both go through `input`: whitespace is stripped and digits spread from `index`. */
export function codeBoxesReducer(state: CodeBoxesState, action: CodeBoxesAction): CodeBoxesState {
  switch (action.type) {
    case 'input': {
      const value = action.value.replace(/\s+/g, '')
      if (value === '') return state
      if (!/^\d+$/.test(value)) return { ...state, error: 'not-numeric' }
      // A full-length paste fills from the first box wherever it lands.
      const start = value.length >= OTP_LENGTH ? 0 : action.index
      const digits = [...state.digits]
      const accepted = value.slice(0, OTP_LENGTH - start)
      for (const [offset, digit] of [...accepted].entries()) digits[start + offset] = digit
      return { digits, focus: Math.min(start + accepted.length, OTP_LENGTH - 1), error: null }
    }
    case 'backspace': {
      const digits = [...state.digits]
      // An empty box clears the one before it, as a user expects when stepping back.
      const target = digits[action.index] ? action.index : Math.max(0, action.index - 1)
      digits[target] = ''
      return { digits, focus: Math.max(0, target - (target === action.index ? 1 : 0)), error: null }
    }
    case 'clear':
      return emptyCodeBoxes()
  }
}

/** The six digits as one string when every box is filled, else null. */
export function completeCode(state: CodeBoxesState): string | null {
  return state.digits.every((digit) => digit !== '') ? state.digits.join('') : null
}
