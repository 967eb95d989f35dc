import { globalStyle, keyframes, style } from '@vanilla-extract/css'
import { vars } from '../theme/contract.css.js'

const sheetBreakpoint = 'screen and (max-width: 440px)'
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

globalStyle(':host', { all: 'initial', display: 'contents' })
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })

export const overlay = style({
  position: 'fixed',
  inset: 0,
  // The highest z-index: the sign-in and confirmations open over a host's own dialogs (RainbowKit's connect modal sits at 2147483646).
  zIndex: 2147483647,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.overlay,
  animation: `${fadeIn} 120ms ease-out`,
  '@media': { [sheetBreakpoint]: { alignItems: 'flex-end' } },
})

export const dialog = style({
  width: 360,
  maxWidth: '100%',
  maxHeight: 620,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: 16,
  padding: 20,
  background: vars.background,
  color: vars.foreground,
  fontFamily: vars.fontFamily,
  fontSize: vars.fontSize,
  lineHeight: 1.4,
  borderRadius: vars.radius,
  border: `1px solid ${vars.border}`,
  boxShadow: '0 16px 48px rgba(0, 0, 0, 0.2)',
  '@media': { [sheetBreakpoint]: { width: '100%', borderBottomLeftRadius: 0, borderBottomRightRadius: 0 } },
})

export const standaloneDialog = style({ boxShadow: 'none' })

export const header = style({ display: 'grid', gridTemplateColumns: '32px 1fr 32px', alignItems: 'center', minHeight: 32 })

export const title = style({ margin: 0, gridColumn: 2, textAlign: 'center', fontSize: '1.05em', fontWeight: 600 })

export const iconButton = style({
  width: 32,
  height: 32,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 'none',
  borderRadius: 8,
  background: 'transparent',
  color: vars.foregroundMuted,
  cursor: 'pointer',
  fontSize: 18,
  selectors: { '&:hover': { background: vars.backgroundMuted, color: vars.foreground } },
})
export const backButton = style([iconButton, { gridColumn: 1 }])
export const closeButton = style([iconButton, { gridColumn: 3 }])

globalStyle(`${dialog} :focus-visible`, { outline: `2px solid ${vars.focusRing}`, outlineOffset: 2 })

export const body = style({ display: 'flex', flexDirection: 'column', gap: 12 })

export const logo = style({ display: 'block', margin: '0 auto', maxWidth: 180, maxHeight: 90, objectFit: 'contain' })

export const message = style({ margin: 0, textAlign: 'center', color: vars.foregroundMuted })

export const form = style({ display: 'flex', flexDirection: 'column', gap: 8 })

export const label = style({ fontSize: '0.85em', fontWeight: 500, color: vars.foregroundMuted })

export const input = style({
  width: '100%',
  padding: '10px 12px',
  font: 'inherit',
  color: vars.foreground,
  background: vars.background,
  border: `1px solid ${vars.border}`,
  borderRadius: `calc(${vars.radius} - 4px)`,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.error } },
})

export const primaryButton = style({
  width: '100%',
  padding: '10px 12px',
  font: 'inherit',
  fontWeight: 600,
  color: vars.accentForeground,
  background: vars.accent,
  border: 'none',
  borderRadius: `calc(${vars.radius} - 4px)`,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.accentDark },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
})

export const linkButton = style({
  padding: 0,
  font: 'inherit',
  color: vars.accent,
  background: 'none',
  border: 'none',
  cursor: 'pointer',
  textDecoration: 'underline',
  selectors: { '&:disabled': { color: vars.foregroundMuted, cursor: 'default', textDecoration: 'none' } },
})

export const errorText = style({ margin: 0, fontSize: '0.85em', color: vars.error })

export const footer = style({ margin: 0, textAlign: 'center', fontSize: '0.8em', color: vars.foregroundMuted })
globalStyle(`${footer} a`, { color: 'inherit' })

export const codeRow = style({ display: 'flex', justifyContent: 'center', gap: 8, border: 'none', padding: 0, margin: 0 })

export const codeBox = style([
  input,
  {
    width: 44,
    height: 52,
    padding: 0,
    textAlign: 'center',
    fontSize: '1.3em',
    selectors: { '&[aria-invalid="true"]': { borderColor: vars.error } },
  },
])

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
})

export const badge = style({
  alignSelf: 'center',
  padding: '2px 10px',
  borderRadius: 999,
  fontSize: '0.8em',
  color: vars.success,
  background: vars.backgroundMuted,
})

export const centred = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8, textAlign: 'center' })

/** An element's language wrapper (`lang`, `dir`): it adds no box, so the layout is the screens' own. */
export const localeRoot = style({ display: 'contents' })

// Right to left, the back arrow points the way back.
globalStyle(`${localeRoot}[dir="rtl"] ${backButton} > span`, { display: 'inline-block', transform: 'scaleX(-1)' })
