/**
 * Steps of the funding scenarios (funding spec, "Screens and routes", "Entities and their fields" and "States and transitions") on the demos: the funding screens live in `<auth-modal>` (a
 * session the modal shows) or in the page's `<fund-wallet>` panel, and the card providers' stand-ins open their
 * hosted checkout in a popup whose Pay and Decline buttons really move the purchase.
 */
import type { Locator, Page } from 'playwright-core'
import { uiTimeout, walletTimeout } from './demo-flows.js'

/** Where the funding screens are: the modal, or the page's inline panel. */
export type FundingHost = 'auth-modal' | 'fund-wallet'

/** A part of the funding screens in `host` (open shadow roots: Playwright's CSS reaches into them). */
export const fundingPart = (page: Page, host: FundingHost, part: string): Locator => page.locator(`${host} [part~="${part}"]`)

/** Clicks `trigger` (a card or exchange row) and answers the popup that opens: the stand-in's hosted checkout. */
export async function payInPopup(page: Page, trigger: Locator, answer: 'Pay' | 'Decline'): Promise<Page> {
  const [popup] = await Promise.all([page.context().waitForEvent('page', { timeout: uiTimeout }), trigger.click()])
  const button = popup.getByRole('button', { name: answer, exact: true })
  await button.waitFor({ timeout: walletTimeout })
  await button.click()
  const outcome = answer === 'Pay' ? /Purchase complete/ : /declined/
  await popup.getByRole('status').filter({ hasText: outcome }).waitFor({ timeout: walletTimeout })
  return popup
}

/** The card status screen's title once it reads `title` ("You've funded your account!", 'Processing payment', ...). */
export const cardStatusTitle = (page: Page, host: FundingHost, title: string | RegExp): Promise<void> =>
  fundingPart(page, host, 'funding-status-title').filter({ hasText: title }).waitFor({ timeout: walletTimeout })

/** The landing of a session shown in `host`, with its rows enabled (the asset is known). */
export const fundingLanding = (page: Page, host: FundingHost): Promise<void> =>
  fundingPart(page, host, 'funding-card-button').and(page.locator(':enabled')).waitFor({ timeout: walletTimeout })
