// Reads the signed-in state from the shared client the element uses (one per app id per page).
import { getOrCreateClient } from '/tessera.js'
import { accountIdentifier, canUnlink, demoIdpSession, oauthProviderOf, userLinkedAccounts } from '/shared/demo-app.js'
import { devChainInfo, devTransactions, getTestTokens, sendDevTransaction } from '/shared/dev-chain.js'
import { ETH_AMOUNT_WEI, ETH_RECIPIENT, fundWallets, sendEth, sendSol, sendSplTokens } from '/shared/local-chains.js'

const { appId, apiUrl, telegramOAuthUrl } = window.TESSERA_DEMO
// Created before the element renders, so the element shares this client and its Telegram widget host (the local stand-in).
const client = getOrCreateClient({ appId, apiUrl, ...(telegramOAuthUrl ? { telegramOAuthUrl } : {}) })
const authModal = document.getElementById('auth-modal')
const byId = (id) => document.getElementById(id)

function showError(error) {
  byId('action-error').hidden = !error
  byId('action-error').textContent = error ? (error.shortMessage ?? error.message) : ''
}

/** Runs a button's action, showing its failure on the page. */
const run = (action) => () => {
  showError(null)
  action().catch(showError)
}

function unlink(account) {
  if (account.type === 'email') return client.auth.email.unlink(account.address)
  if (account.type === 'phone') return client.auth.sms.unlink(account.number)
  if (account.type === 'passkey') return client.auth.passkey.unlink(account.credentialId)
  if (account.type === 'farcaster') return client.auth.farcaster.unlink(account.fid)
  if (account.type === 'telegram') return client.auth.telegram.unlink(account.telegramUserId)
  if (account.type === 'cross_app') return client.auth.crossApp.unlink(account.providerApp.id, account.subject)
  if (account.type === 'wallet') return client.wallets.unlink(account.address, account.chainType)
  return client.auth.oauth.unlink(oauthProviderOf(account), account.subject)
}

/** EIP-712 data the cross-app wallet signs (demo text). */
const demoTypedData = (chainId) => ({
  domain: { name: 'Tessera demo', version: '1', chainId },
  types: {
    Greeting: [
      { name: 'from', type: 'string' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Greeting',
  message: { from: 'Tessera demo', contents: 'Hello from the Tessera demo' },
})

/**
 * The cross-app account's wallet actions: each asks the provider user's wallet through the provider's transact page
 * (a popup, opened by this click), then shows the signature or hash; test funds go straight to that wallet.
 */
function crossAppActions(account) {
  const target = { providerAppId: account.providerApp.id, address: account.embeddedWallets[0]?.address }
  const provider = account.providerApp.name ?? account.providerApp.id
  const chainId = () => client.getConfig().config.defaultChain
  const showResult = (text) => {
    byId('action-result').hidden = false
    byId('action-result').textContent = text
  }
  const actions = [
    [
      'cross-app-sign',
      `Sign a message with ${provider}`,
      async () => showResult(`Signed: ${(await client.auth.crossApp.signMessage({ ...target, message: 'Hello from the Tessera demo' })).signature}`),
    ],
    [
      'cross-app-sign-typed',
      `Sign typed data with ${provider}`,
      async () => showResult(`Signed typed data: ${(await client.auth.crossApp.signTypedData({ ...target, typedData: demoTypedData(chainId()) })).signature}`),
    ],
    [
      'cross-app-fund',
      `Get test funds for ${provider}`,
      async () => {
        await fundWallets({ ethereum: target.address })
        showResult(`Test funds added to ${target.address}: 1 ETH.`)
      },
    ],
    [
      'cross-app-send',
      `Send 0.001 ETH with ${provider}`,
      async () => {
        const transaction = { to: ETH_RECIPIENT, value: `0x${ETH_AMOUNT_WEI.toString(16)}`, chainId: chainId() }
        showResult(`Sent: ${(await client.auth.crossApp.sendTransaction({ ...target, transaction })).transactionHash}`)
      },
    ],
  ]
  const wallet = document.createElement('span')
  wallet.className = 'cross-app-wallet'
  wallet.textContent = target.address ?? 'no wallet'
  return [
    wallet,
    ...actions.map(([className, text, action]) => {
      const button = document.createElement('button')
      button.type = 'button'
      button.className = className
      button.textContent = text
      button.addEventListener('click', run(action))
      return button
    }),
  ]
}

function renderLinkedAccounts(accounts) {
  byId('linked-accounts').replaceChildren(
    ...accounts.map((account) => {
      const item = document.createElement('li')
      item.dataset.type = account.type
      item.append(`${account.type}: `)
      const identifier = document.createElement('span')
      identifier.className = 'identifier'
      identifier.textContent = accountIdentifier(account)
      item.append(identifier)
      if (canUnlink(account)) {
        const button = document.createElement('button')
        button.type = 'button'
        button.className = 'unlink'
        button.textContent = 'Unlink'
        button.setAttribute('aria-label', `Unlink ${account.type} ${accountIdentifier(account)}`)
        button.addEventListener(
          'click',
          run(() => unlink(account)),
        )
        item.append(' ', button)
      }
      if (account.type === 'cross_app') item.append(' ', ...crossAppActions(account))
      return item
    }),
  )
}

function render({ status, user }) {
  byId('status').textContent = status === 'loading' ? 'Checking your session…' : status === 'authenticated' ? 'You are signed in.' : 'You are signed out.'
  byId('signed-out').hidden = status !== 'unauthenticated'
  byId('signed-in').hidden = status !== 'authenticated'
  byId('user-id').textContent = user?.id ?? ''
  byId('user-email').textContent = user?.email?.address ?? ''
  byId('user-phone').textContent = user?.phone?.number ?? ''
  byId('user-guest').textContent = user ? (user.isGuest ? 'yes' : 'no') : ''
  renderLinkedAccounts(userLinkedAccounts(user))
}

render(client.getAuth())
client.watchAuth(render)

// Embedded wallets: one row per wallet (its chain and address); the actions use the primary wallet of each chain.
const embeddedStatus = {
  idle: '',
  creating: 'Creating your wallets…',
  connecting: 'Connecting your wallets…',
  recovering: 'Recovering your wallets…',
  'needs-password': 'Your wallet needs its password.',
  'needs-cloud-recovery': 'Your wallet needs your Google Drive backup.',
  ready: 'Your wallets are ready.',
  error: 'Your wallets are not available.',
}
function renderEmbeddedWallets({ status, wallets }) {
  byId('embedded-status').textContent = embeddedStatus[status]
  byId('embedded-wallets').replaceChildren(
    ...wallets.map((wallet) => {
      const item = document.createElement('li')
      item.dataset.chain = wallet.chainType
      item.dataset.walletIndex = String(wallet.walletIndex)
      item.dataset.recovery = wallet.recoveryMethod
      item.dataset.delegated = String(wallet.delegated)
      item.dataset.imported = String(wallet.imported)
      const address = document.createElement('span')
      address.className = 'address'
      address.textContent = wallet.address
      item.append(`${wallet.chainType} #${wallet.walletIndex}${wallet.imported ? ' (imported)' : ''}: `, address, ` (recovery: ${wallet.recoveryMethod})`)
      return item
    }),
  )
}
renderEmbeddedWallets(client.embeddedWallets.getState())
client.embeddedWallets.watchState(renderEmbeddedWallets)
// A password wallet on a new device, or a signature that needs MFA: <auth-modal> opens by itself on the screen that
// answers it ('Enter your password', 'Verify your identity'), since this page registers no handler of its own.
byId('set-wallet-password').addEventListener('click', () => authModal.start({ intent: 'wallet', screen: 'password:create' }))
// The recovery selection: a password, or a backup to the user's Google Drive when the app offers it.
byId('cloud-secure-account').addEventListener('click', () => authModal.start({ intent: 'wallet', screen: 'recovery:select' }))
authModal.addEventListener('walletrecoveryset', (event) => {
  byId('action-result').hidden = false
  byId('action-result').textContent = `Wallet recovery set: ${event.detail.recoveryMethod}`
})

const primaryWallet = (chainType) =>
  client.embeddedWallets.getState().wallets.find((wallet) => wallet.chainType === chainType && wallet.walletIndex === 0 && !wallet.imported)?.address
function requirePrimaryWallet(chainType) {
  const address = primaryWallet(chainType)
  if (!address) throw new Error(`You have no embedded ${chainType} wallet yet.`)
  return address
}
const showResult = (id, text) => void (byId(id).textContent = text)

byId('fund-wallets').addEventListener(
  'click',
  run(async () => {
    await fundWallets({ ethereum: primaryWallet('ethereum'), solana: primaryWallet('solana') })
    byId('action-result').hidden = false
    byId('action-result').textContent = 'Test funds added: 1 ETH and 1 SOL.'
  }),
)
byId('sign-message').addEventListener(
  'click',
  run(async () => {
    // The same message signs the same (RFC 6979): the old signature goes first, so a new one is seen arriving.
    showResult('sign-result', '')
    const { signature } = await client.embeddedWallets.signMessage({ message: 'Hello from the Tessera demo', address: requirePrimaryWallet('ethereum') })
    showResult('sign-result', signature)
  }),
)
byId('send-eth').addEventListener(
  'click',
  run(async () => {
    showResult('send-result', await sendEth(client, requirePrimaryWallet('ethereum')))
  }),
)
byId('send-sol').addEventListener(
  'click',
  run(async () => {
    showResult('send-result', await sendSol(client, requirePrimaryWallet('solana')))
  }),
)
// Only server-managed wallets may be sponsored: those buttons show on the server-wallets app's page.
for (const id of ['server-wallets-note', 'send-eth-sponsored', 'send-sol-sponsored']) byId(id).hidden = !window.TESSERA_DEMO.serverWallets
byId('send-eth-sponsored').addEventListener(
  'click',
  run(async () => {
    showResult('send-result', await sendEth(client, requirePrimaryWallet('ethereum'), { sponsor: true }))
  }),
)
byId('send-sol-sponsored').addEventListener(
  'click',
  run(async () => {
    showResult('send-result', await sendSol(client, requirePrimaryWallet('solana'), { sponsor: true }))
  }),
)

// Transactions: each asks the embedded wallet (`sendTransaction`, the Solana provider's `signAndSendTransaction`);
// <auth-modal> shows the confirmation. The result line is cleared first, so a new result is seen arriving.
// What the panel works with: the test contracts on anvil and the SPL mint (absent when the demo server has no dev chain).
devChainInfo().then(
  ({ contracts, erc20, splToken }) => {
    byId('tx-contracts').textContent =
      `${erc20.symbol} (ERC-20) ${contracts.erc20}, NFT (ERC-721) ${contracts.erc721}, ERC-1155 ${contracts.erc1155}, Reverter ${contracts.reverter}; ${splToken.symbol} (SPL) mint ${splToken.mint}`
  },
  () => {},
)
let nftTokenId = null
const transactionButton = (id, action) =>
  byId(id).addEventListener(
    'click',
    run(async () => {
      showResult('tx-result', '')
      showResult('tx-result', await action(await devChainInfo()))
    }),
  )
const sendOnAnvil = (transaction) => sendDevTransaction(client, requirePrimaryWallet('ethereum'), transaction)
transactionButton('tx-get-tokens', async ({ erc20, splToken }) => {
  const given = await getTestTokens({ ethereum: primaryWallet('ethereum'), solana: primaryWallet('solana') })
  nftTokenId = given.nftTokenId ?? nftTokenId
  return `Test tokens added: 100 ${erc20.symbol}, NFT #${given.nftTokenId}, 10 ERC-1155 tokens and 100 ${splToken.symbol}.`
})
transactionButton('tx-approve', (info) => sendOnAnvil(devTransactions.approve(info)))
transactionButton('tx-transfer', (info) => sendOnAnvil(devTransactions.transfer(info)))
transactionButton('tx-transfer-nft', (info) => {
  if (nftTokenId === null) throw new Error('You have no NFT yet: get test tokens first.')
  return sendOnAnvil(devTransactions.transferNft(info, requirePrimaryWallet('ethereum'), nftTokenId))
})
// Two requests at once: the confirmation screen shows them one after the other (' (1 / 2)', ' (2 / 2)').
transactionButton('tx-batch', async (info) =>
  (await Promise.all([sendOnAnvil(devTransactions.transfer(info, 1)), sendOnAnvil(devTransactions.transfer(info, 1))])).join(' '),
)
transactionButton('tx-malicious', (info) => sendOnAnvil(devTransactions.maliciousApproval(info)))
transactionButton('tx-revert', (info) => sendOnAnvil(devTransactions.reverting(info)))
transactionButton('tx-too-much', () => sendOnAnvil(devTransactions.tooMuchEth()))
transactionButton('tx-send-spl', ({ splToken }) => sendSplTokens(client, requirePrimaryWallet('solana'), splToken))

// Funding: the modal's flow for the primary wallet of each chain, and the inline panel (the Ethereum wallet on the
// app's default chain, or the Solana wallet on the local 'devnet' cluster). Each reports how the session ended.
const fundingCluster = () => client.getConfig().config.solanaClusters[0]?.name ?? 'devnet'
byId('fund-eth').addEventListener('click', () => authModal.start({ intent: 'fund' }))
byId('fund-sol').addEventListener('click', () => authModal.start({ intent: 'fund', chainType: 'solana', cluster: { name: fundingCluster() } }))
// The panel: a <fund-wallet> element the page adds for a signed-in user (the script-tag bundle defines it when it appears).
const fundPanel = document.createElement('fund-wallet')
fundPanel.id = 'fund-panel'
fundPanel.setAttribute('app-id', appId)
fundPanel.setAttribute('api-url', apiUrl)
const showFundPanel = ({ status }) => void (status === 'authenticated' && !fundPanel.isConnected && byId('fund-panel-slot')?.append(fundPanel))
showFundPanel(client.getAuth())
client.watchAuth(showFundPanel)
byId('fund-panel-chain').addEventListener('change', (event) => {
  fundPanel.setAttribute('chain-type', event.target.value)
  if (event.target.value === 'solana') fundPanel.setAttribute('cluster', fundingCluster())
  else fundPanel.removeAttribute('cluster')
})
const fundingOutcome = (what) => (event) => {
  const { address, fundingMethod, balance } = event.detail
  showResult('fund-result', `${what}: ${address} by ${fundingMethod ?? 'no method'}, balance ${balance ?? 'unknown'}`)
}
for (const target of [authModal, fundPanel]) {
  target.addEventListener('fundsuccess', fundingOutcome('Funded'))
  target.addEventListener('funduserexited', fundingOutcome('Left funding'))
  target.addEventListener('fundfailed', (event) => showResult('fund-result', `Funding failed: ${event.detail.message}`))
}

// Wallet-action MFA: the enrolled methods, enrolment in the modal, and the modal's verify screens when a wallet
// action needs a verification (the modal already open covers its own screen with them).
function renderMfaMethods({ user }) {
  byId('mfa-methods').replaceChildren(
    ...(user?.mfaMethods ?? []).map((method) => {
      const item = document.createElement('li')
      item.dataset.method = method.type
      item.textContent = method.type
      return item
    }),
  )
}
renderMfaMethods(client.getAuth())
client.watchAuth(renderMfaMethods)
const openWalletFlow = (screen) => authModal.start({ intent: 'wallet', screen })
byId('enroll-mfa').addEventListener('click', () => openWalletFlow('mfa:enroll'))

// Key export (the key shows only inside the export frame) and private-key import, in the modal.
byId('export-wallet').addEventListener(
  'click',
  run(async () => {
    authModal.start({ intent: 'wallet', screen: 'key:export', address: requirePrimaryWallet('ethereum') })
  }),
)
byId('import-wallet').addEventListener('click', () => openWalletFlow('key:import'))
// The embedded wallet's Farcaster signer key (it stays in the wallet frame), approved in the Farcaster app.
byId('farcaster-signer').addEventListener('click', () => openWalletFlow('farcaster:signer'))
// Delegated wallets: the app's backend may sign with the primary Ethereum wallet while the user is offline.
byId('delegation-grant').addEventListener(
  'click',
  run(async () => {
    authModal.start({ intent: 'wallet', screen: 'delegation:consent', address: requirePrimaryWallet('ethereum') })
  }),
)
byId('delegation-revoke').addEventListener('click', () => openWalletFlow('delegation:revoke'))

// Custom JWT: the demo identity provider's token signs the user in (and its absence signs a custom-auth user out).
client.auth.customAuth.configure({ isLoading: false, getCustomAccessToken: async () => demoIdpSession.token() })
client.auth.customAuth.watchState(({ error }) => {
  if (error) showError(error)
})

byId('login').addEventListener('click', () => authModal.start({ intent: 'login' }))
byId('guest-login').addEventListener(
  'click',
  run(() => client.auth.guest.login()),
)
byId('custom-login-form').addEventListener('submit', (event) => {
  event.preventDefault()
  run(async () => {
    await demoIdpSession.signIn(byId('custom-user').value)
    await client.auth.customAuth.sync()
  })()
})
// Cross-app providers come from the app config: one link button each (`privy:<provider app id>`).
client.watchConfig(({ config }) => {
  byId('cross-app-links').replaceChildren(
    ...config.crossAppProviders.map((provider) => {
      const button = document.createElement('button')
      button.type = 'button'
      button.dataset.link = `privy:${provider.appId}`
      button.textContent = `Link ${provider.name}`
      return button
    }),
  )
})
byId('signed-in').addEventListener('click', (event) => {
  const button = event.target.closest('[data-link]')
  if (button) authModal.start({ intent: 'link', method: button.dataset.link })
})
byId('logout').addEventListener(
  'click',
  run(async () => {
    demoIdpSession.signOut()
    await client.logout()
  }),
)

// The element closes itself (clearing `open`) on success or dismissal; its events are for the host.
authModal.addEventListener('loginsuccess', (event) => {
  console.info('loginsuccess', { userId: event.detail.user.id, isNewUser: event.detail.isNewUser })
})
authModal.addEventListener('autherror', (event) => console.warn('autherror', event.detail))
