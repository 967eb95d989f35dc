import type { Confirmation } from '../../../core/index.js'

/** What every confirmation screen gets from the view that picked its confirmation. */
export interface ScreenProps<Kind extends Confirmation = Confirmation> {
  confirmation: Kind
  /** The app's name ('This app' without one), for 'Sponsored by {app}' and the Solana subtitle. */
  app: string
  /** `<confirm-tx>`: an inline panel, the summary panel open, no close button. */
  standalone: boolean
  /** The modal's close (absent standalone): rejects what is pending. */
  onClose?: (() => void) | undefined
  /** After success: takes the confirmation off the queue (`reject()` closes without error then) and moves on. */
  dismiss(): void
  /** Back and next between queued Ethereum transactions (funding spec, "Screens and routes"), when there is one that way. */
  previous?: (() => void) | undefined
  next?: (() => void) | undefined
}
