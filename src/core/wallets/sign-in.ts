/** SIWE and SIWS sign-in as the login-method list reads it: it lives with the external wallets (`client.wallets`), not in `client.auth`. */
import { type SignInParts, signInNames } from '../auth/login-method.js'
import { landingFlags } from '../auth/login-method-config.js'

export const walletSignIn: SignInParts = {
  isSignInName: signInNames('siwe', 'siws'),
  landing: landingFlags({ wallet: (dto) => dto.wallet_auth || dto.solana_wallet_auth }),
  // Ethereum addresses compare case-insensitively (checksum case varies); Solana's base58 is case-sensitive.
  accountKey: {
    of(account, method) {
      if (account.type !== 'wallet') return null
      if (method === 'siwe') return account.chainType === 'ethereum' ? account.address.toLowerCase() : null
      return method === 'siws' && account.chainType === 'solana' ? account.address : null
    },
    normalize: (key, method) => (method === 'siwe' ? key.toLowerCase() : key),
  },
  transfer: { linkMethods: ['siwe', 'siws'], load: () => import('./transfer.js') },
}
