import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.js'

const box = { padding: '10px 12px', border: `1px solid ${vars.border}`, borderRadius: `calc(${vars.radius} - 4px)` } as const
const monospace = 'ui-monospace, SFMono-Regular, Menlo, monospace'

/** The landing's error banner. */
export const errorBanner = style([box, { margin: 0, fontSize: '0.9em', color: vars.error, borderColor: vars.error }])

/** 'Make sure to send funds on {network}.' */
export const warning = style([box, { margin: 0, fontSize: '0.9em', fontWeight: 500, borderColor: vars.accent, background: vars.backgroundMuted }])

/** The alternate-provider hint under the landing's methods. */
export const hint = style({ margin: 0, textAlign: 'center', fontSize: '0.85em', color: vars.foregroundMuted })

/** The Apple Pay / Google Pay mark at the end of 'Pay with card'. */
export const payMark = style({
  marginInlineStart: 'auto',
  padding: '1px 8px',
  border: `1px solid ${vars.foreground}`,
  borderRadius: 6,
  fontSize: '0.75em',
  fontWeight: 600,
  whiteSpace: 'nowrap',
})

/** A wallet row's 'Connected' and 'Solana' badges. */
export const badge = style({
  padding: '1px 8px',
  borderRadius: 999,
  fontSize: '0.75em',
  fontWeight: 600,
  color: vars.foreground,
  background: vars.backgroundMuted,
})
export const connectedBadge = style([badge, { color: vars.success }])

export const walletIcon = style({ width: 24, height: 24, flex: 'none', borderRadius: 6, objectFit: 'contain' })

export const heading = style({ margin: 0, textAlign: 'center', fontSize: '1.1em', fontWeight: 600 })

/** The QR code sits on white in either theme, so every scanner reads it. */
export const qrFrame = style({ alignSelf: 'center', padding: 8, borderRadius: `calc(${vars.radius} - 4px)`, background: '#ffffff', lineHeight: 0 })

/** The wallet card: 'Your wallet', the address with its copy button, the balance. */
export const walletCard = style([box, { display: 'flex', flexDirection: 'column', gap: 6, fontSize: '0.9em' }])
export const cardRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 })
export const address = style({ fontFamily: monospace, fontSize: '0.9em', overflowWrap: 'anywhere' })

/** The amount input with the asset's symbol beside it, and the USD equivalent under it. */
export const amountRow = style([box, { display: 'flex', alignItems: 'baseline', gap: 8 }])
export const amountInput = style({
  flex: 1,
  minWidth: 0,
  padding: 0,
  font: 'inherit',
  fontSize: '1.6em',
  fontWeight: 600,
  color: vars.foreground,
  background: 'transparent',
  border: 'none',
})
export const amountSymbol = style({ fontSize: '1.1em', fontWeight: 600, color: vars.foregroundMuted })
export const usd = style({ margin: 0, textAlign: 'center', fontSize: '0.9em', color: vars.foregroundMuted })

export const field = style({ display: 'flex', flexDirection: 'column', gap: 4 })

/** The status screens' title inside the body ('In Progress', "You've funded your account!"). */
export const statusTitle = style({ margin: 0, textAlign: 'center', fontSize: '1.05em', fontWeight: 600 })
