import { useEffect, useReducer, useRef, type ClipboardEvent, type KeyboardEvent } from 'react'
import { codeBoxesReducer, completeCode, emptyCodeBoxes } from '../code-entry/code-boxes.js'
import { useT } from '../copy/code.js'
import * as styles from '../styles/modal.css.js'

interface CodeBoxesInputProps {
  disabled: boolean
  /** Shown under the boxes; the reducer's own not-numeric error wins. */
  error: string | null
  onComplete(code: string): void
  /** Bumped by the parent to clear every box (after 'Incorrect code'). */
  resetKey: number
  /** The not-numeric error's copy, when the screen's differs from the code screens' (MFA: 'Passcode can only be numbers'). */
  notNumericMessage?: string
}

/** Six single-digit boxes: typing, paste spreading, whitespace stripping, Backspace moving back. */
export function CodeBoxesInput({ disabled, error, onComplete, resetKey, notNumericMessage }: CodeBoxesInputProps) {
  const t = useT()
  const [state, dispatch] = useReducer(codeBoxesReducer, undefined, emptyCodeBoxes)
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const submitted = useRef<string | null>(null)

  useEffect(() => {
    if (resetKey === 0) return
    dispatch({ type: 'clear' })
    submitted.current = null
  }, [resetKey])

  // biome-ignore lint/correctness/useExhaustiveDependencies: every digit typed focuses again, even when the box index stays
  useEffect(() => {
    if (!disabled) boxes.current[state.focus]?.focus()
  }, [state.focus, state.digits, disabled])

  // Auto-submit once per complete code (sign-in spec, "States and transitions").
  useEffect(() => {
    const code = completeCode(state)
    if (code && code !== submitted.current) {
      submitted.current = code
      onComplete(code)
    }
    if (!code) submitted.current = null
  }, [state, onComplete])

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault()
      dispatch({ type: 'backspace', index })
    } else if (event.key === 'ArrowLeft' && index > 0) boxes.current[index - 1]?.focus()
    else if (event.key === 'ArrowRight' && index < state.digits.length - 1) boxes.current[index + 1]?.focus()
  }
  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    dispatch({ type: 'input', index, value: event.clipboardData.getData('text') })
  }
  const shownError = state.error === 'not-numeric' ? (notNumericMessage ?? t('code.notNumeric')) : error

  return (
    <>
      {/* A code reads left to right in every language: the boxes (and the arrow keys) keep that order. */}
      <fieldset part="code-input" dir="ltr" className={styles.codeRow} aria-describedby={shownError ? 'tessera-code-error' : undefined}>
        <legend className={styles.visuallyHidden}>{t('code.groupLabel')}</legend>
        {state.digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element
            }}
            className={styles.codeBox}
            value={digit}
            disabled={disabled}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('code.digitLabel', { index: index + 1 })}
            aria-invalid={shownError !== null}
            onChange={(event) => dispatch({ type: 'input', index, value: event.target.value.replace(digit, '') || event.target.value })}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste(index)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </fieldset>
      {shownError && (
        <p id="tessera-code-error" part="error" role="alert" className={styles.errorText}>
          {shownError}
        </p>
      )}
    </>
  )
}
