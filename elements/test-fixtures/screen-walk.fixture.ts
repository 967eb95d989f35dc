/**
 * Browser-test fixture (built by web-test-runner.config.mjs, never shipped): every screen the modal routes to, read
 * from the navigation's own lists, so the accessibility walk fails on a screen it does not visit.
 */
import { modalScreens } from '../../src/ui/navigation/navigation.js'
import { walletFlowScreens } from '../../src/ui/screens/wallet-flows/screens.js'

export const allScreens: readonly string[] = [...modalScreens, ...walletFlowScreens]

/** The per-element sheet an app's appearance config gives (theme and accent palette), as the elements adopt it. */
export { hostThemeCss } from '../../src/ui/theme/host-theme-css.js'
