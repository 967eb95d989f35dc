// The mipd page: Tessera's sign-in, and a dapp that finds wallets through EIP-6963 only.
import { dappPage, renderSections } from './dapp-page.js'
import { mountMipdDapp } from './mipd-dapp.js'
import { mountSignIn } from './sign-in.js'

renderSections()
mountSignIn()
mountMipdDapp(dappPage())
