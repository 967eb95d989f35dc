// `npm start`: builds the library when needed, then runs on loopback the API server in dev mode on the
// embedded database, a local OAuth provider (google-like and github-like), the demos (vanilla, React, Vue, Svelte, Next.js), two local EVM chains, the
// local Solana endpoint, the funding providers' stand-ins (Coinbase Onramp, MoonPay, Relay), a WalletConnect relay stand-in
// and the ERC-4337 contracts with the alto bundler on the first chain.
// PORT (API, 8787), DEMO_PORT (demos, 5173), TESSERA_DATA_DIR (.tessera); TESSERA_ALLOWED_ORIGINS and
// TESSERA_REDIRECT_URLS (comma lists) add the dev app's origins and OAuth redirect URLs for pages on other hosts.
import { resolve } from 'node:path'
import { register } from 'tsx/esm/api'

// The server and the harness are TypeScript, run as is.
register()

const { DEV_APP_ID } = await import('../src/protocol/index.ts')
const { ensureLibraryBuilt } = await import('../test/harness/library-build.ts')
const { buildReactDemo } = await import('../test/harness/react-demo.ts')
const { buildNextDemo, buildViteDemos, startNextDemo } = await import('../test/harness/framework-demos.ts')
const { viteDemoNames, viteDemos } = await import('../test/harness/vite-demos.ts')
const { DEV_SERVER_WALLETS_APP_ID, devOrigins, startDevStack } = await import('../test/harness/dev-stack.ts')
const { startServer } = await import('../server/src/index.ts')
const { approveFarcasterLinksFromConsole, FARCASTER_CONSOLE_HINT } = await import('../test/harness/farcaster-dev-app.ts')
const { ANVIL_FIRST_ACCOUNT, ANVIL_MNEMONIC, DEV_SOLANA_ACCOUNT_COUNT, devSolanaKeypair, solanaSecretKeyBase58 } = await import(
  '../test/harness/local-chains.ts'
)
const { DEV_ONRAMP_NETWORKS } = await import('../test/harness/dev-funding.ts')
const { withOriginsFromEnv } = await import('../test/harness/dev-origins-env.ts')

// A mistyped origin fails here, before anything starts.
try {
  withOriginsFromEnv({}, process.env)
} catch (error) {
  console.error(error.message)
  process.exit(1)
}

const apiPort = Number(process.env.PORT ?? 8787)
const demoPort = Number(process.env.DEMO_PORT ?? 5173)
const dataDir = resolve(process.env.TESSERA_DATA_DIR ?? '.tessera')

ensureLibraryBuilt()
console.log('Building the React demo...')
await buildReactDemo()
// Each is built again only when its sources, demo/shared or the library changed.
const frameworkDemos = { viteDemoDirs: await buildViteDemos(), startNextDemo }
buildNextDemo()

const envNames = { api: 'PORT', demo: 'DEMO_PORT' }
const names = { api: 'API server', demo: 'Demo server' }

/** Ends with a one-line reason for the failures a user can fix (busy port, data dir in use). */
function reportStartError(part, error) {
  if (error?.code === 'EADDRINUSE') console.error(`${names[part]}: port ${error.port} is in use. Stop what uses it or set ${envNames[part]}.`)
  else if (error?.name === 'DataDirLockedError') console.error(error.message)
  else return
  process.exit(1)
}

const stack = await startDevStack({
  apiPort,
  demoPort,
  // A person at the provider picks the account to sign in as (Allow / Deny).
  providerInteraction: 'form',
  startApi: ({ port, configFile }) => startServer({ dev: true, port, dataDir, configFile }),
  frameworkDemos,
  // WalletConnect pairs through the local relay stand-in (TESSERA_WALLETCONNECT_PROJECT_ID: WalletConnect's own).
  walletConnect: true,
  aa: true,
  devApp: (app) => withOriginsFromEnv(app, process.env),
  onStartError: reportStartError,
})

const demoBase = `http://localhost:${stack.demo.port}`
const { coinbase, moonpay, relay } = stack.funding
console.log(`
  Vanilla demo    ${demoBase}/vanilla/
  Server wallets  ${demoBase}/server-wallets/  (the vanilla page on app ${DEV_SERVER_WALLETS_APP_ID}: the server makes and holds the wallets; sponsored sends)
  React demo      ${demoBase}/react/
${viteDemoNames.map((name) => `  ${`${viteDemos[name].title} demo `.padEnd(16)}${demoBase}/${name}/\n`).join('')}  Next.js demo    ${demoBase}/next/  (next start, forwarded by the demo server)
  API server      ${stack.api.url}  (app ${DEV_APP_ID}, data in ${dataDir})
  Origins         ${[...devOrigins, ...(process.env.TESSERA_ALLOWED_ORIGINS ? [process.env.TESSERA_ALLOWED_ORIGINS] : [])].join(', ')}  (TESSERA_ALLOWED_ORIGINS adds more;
                  while this runs: npx tessera-server apps update ${DEV_APP_ID} --add-origin <origin> --data-dir ${dataDir})
  Sign-in codes   email and SMS codes are printed on this console and listed at ${stack.api.url}/dev/outbox
  OAuth provider  ${stack.provider.issuer}  (local stand-in for Google and GitHub: you choose the account)
  Demo app auth   ${stack.demo.url}/demo-idp/token?user=<name>  (stand-in for an app's own sign-in, for custom JWT; trusts any name)
  Telegram        ${stack.telegram.standIn.url}  (stand-in for Telegram's login widget, bot @${stack.telegram.bot.botName}: you type the account)
  Local chain     ${stack.chain.anvil.rpcUrl}  (anvil, chain ${stack.chain.anvil.chainId}, 'Anvil'; Farcaster ID registry stand-in at ${stack.chain.farcasterRegistry.address})
                  funded: anvil's 10 default accounts (10,000 ETH each; mnemonic '${ANVIL_MNEMONIC}'), e.g. ${ANVIL_FIRST_ACCOUNT}
                  test contracts (the demos' Transactions panel): ERC-20 ${stack.chain.contracts.erc20}, ERC-721 ${stack.chain.contracts.erc721},
                  ERC-1155 ${stack.chain.contracts.erc1155}, reverting ${stack.chain.contracts.reverter}
  Bundler         ${stack.aa.bundlerUrl}  (alto, ERC-4337 on Anvil: EntryPoint 0.7 ${stack.aa.addresses.entryPoint07}, 0.8 ${stack.aa.addresses.entryPoint08})
                  VerifyingPaymaster ${stack.aa.addresses.verifyingPaymaster07} (0.7), ${stack.aa.addresses.verifyingPaymaster08} (0.8), signer ${stack.aa.addresses.paymasterSigner};
                  Safe 1.4.1 ${stack.aa.addresses.factories.safe.safeProxyFactoryAddress} (proxy factory), SimpleAccount ${stack.aa.addresses.factories.simpleAccount07},
                  Simple7702Account ${stack.aa.addresses.simple7702Account}
  Local chain 2   ${stack.chain.anvil2.rpcUrl}  (anvil, chain ${stack.chain.anvil2.chainId}, 'Anvil 2': the other chain funds are bridged from; the same funded default accounts)
  Local Solana    ${stack.chain.solana.rpcUrl}  (litesvm behind JSON-RPC; the dev app's 'devnet' cluster)
                  SPL test token ${stack.chain.splToken.symbol}: mint ${stack.chain.splToken.mint}
                  funded with 1,000 SOL each (address, then the secret key a wallet imports):
${Array.from({ length: DEV_SOLANA_ACCOUNT_COUNT }, (_, index) => devSolanaKeypair(index))
  .map((keypair) => `                    ${keypair.publicKey.toBase58()}  ${solanaSecretKeyBase58(keypair)}`)
  .join('\n')}
  Test USDC       6 decimals: ERC-20 ${stack.chain.usdc.evm[stack.chain.anvil.chainId]} on Anvil, ${stack.chain.usdc.evm[stack.chain.anvil2.chainId]} on Anvil 2; SPL mint ${stack.chain.usdc.solanaMint}
  Funding         the providers are local stand-ins that speak their real APIs; money moves only on the local chains
                  (card providers sell ETH, SOL and test USDC on Anvil as '${DEV_ONRAMP_NETWORKS.anvil}', on Anvil 2 as '${DEV_ONRAMP_NETWORKS.anvil2}', and on Solana)
    Coinbase      ${coinbase.url}  (Coinbase Onramp: card and exchange; its page's Pay sends from ${coinbase.treasury.evmAddress} /
                  ${coinbase.treasury.solanaAddress}; purchase webhooks go to the API server)
    MoonPay       ${moonpay.url}  (MoonPay: card; its widget loads only URLs the API server signed; the page polls its status API)
    Relay         ${relay.url}  (Relay: bridges between Anvil 2, Anvil and Solana; its solver ${relay.solver.evmAddress} /
                  ${relay.solver.solanaAddress} pays the recipient once the deposit lands; explorer at ${relay.url}/transaction/<id>)
  WalletConnect   ${process.env.TESSERA_WALLETCONNECT_PROJECT_ID ? "WalletConnect's own relay (TESSERA_WALLETCONNECT_PROJECT_ID)" : `${stack.walletConnect.relay.url}  (stand-in for WalletConnect's relay, project ${stack.walletConnect.projectId})`}
                  test wallet: ${demoBase}/wc-wallet/  (paste the modal's WalletConnect link; it signs with anvil's first account)
  ${FARCASTER_CONSOLE_HINT}

Tessera is ready. Press Ctrl-C to stop.`)

const stopFarcasterConsole = approveFarcasterLinksFromConsole(stack.chain, stack.api.url)

let stopping = false
async function stop(signal) {
  if (stopping) process.exit(1) // A second Ctrl-C does not wait.
  stopping = true
  console.log(`\n${signal}: stopping...`)
  stopFarcasterConsole()
  await stack.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
