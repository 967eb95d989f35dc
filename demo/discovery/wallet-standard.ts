// The wallet-standard page: Tessera's sign-in, and a dapp that finds wallets through @wallet-standard/app only.
import { localSolanaRpcUrl } from '../shared/local-chains.js'
import { dappPage, renderSections } from './dapp-page.js'
import { mountSignIn } from './sign-in.js'
import { mountWalletStandardDapp } from './wallet-standard-dapp.js'

renderSections()
const client = mountSignIn()
// The page operator's Solana RPC: the app's first cluster (the dev app's devnet is the local endpoint).
void client.ready.then(() => mountWalletStandardDapp(dappPage(), localSolanaRpcUrl(client)))
