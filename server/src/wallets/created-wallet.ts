/** What every way of adding a user's wallet answers with, apart from create-wallet.ts so the import and add paths it calls need not import it. */
import { ApiError } from '../http/api-error.js'

export interface CreatedWallet {
  address: string
  entropyId: string
  created: boolean
}

export const addressTaken = () => new ApiError(400, 'resource_already_exists', 'This wallet address is already in use')
