import type { AppRecord } from '../apps/types.js'
import type { Clock } from '../clock.js'
import { appPriceSource } from '../tokens/app-price-source.js'
import { blockaidScanner } from './blockaid-scanner.js'
import { simulationScanner } from './simulation-scanner.js'
import type { TransactionScanner } from './types.js'

/** The scanner an app's scans go to: Blockaid when the app configures it, else the simulation scanner with the app's prices. */
export function appScanner(app: AppRecord, clock: Clock): TransactionScanner {
  const blockaid = app.transactionScanning.blockaid
  return blockaid ? blockaidScanner(blockaid) : simulationScanner(appPriceSource(app, clock))
}
