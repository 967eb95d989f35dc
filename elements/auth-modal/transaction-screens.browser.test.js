// The confirmation screens in Chromium (funding spec, "Screens and routes": "Sign message", "Ethereum transaction confirmation", "Solana
// transaction confirmation", "Transaction error screen"; "States and transitions"; "The error catalogue"): the modal view opened on 'transaction:confirm' over
// a client double whose embedded-wallets state holds confirmations built from the core's types.
import { assert, assertEqual, mountedHosts, waitFor } from './browser-assertions.js'

const { createAccessClient, mountAccessView, TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')
const { attachConfirmations, ethereumSummary, eth, usdc, sol, solanaSummary } = await import('/.test-data/browser-fixtures/fake-confirmations.js')

const { newHost, track } = mountedHosts()

const tokenAddress = `0x${'11'.repeat(20)}`
const spender = `0x${'22'.repeat(20)}`

/** Queues confirmations (`enqueue(queue)`) before the modal opens on 'transaction:confirm', as the core's prompt does. */
function open(enqueue, screen = 'transaction:confirm') {
  const client = createAccessClient({ embeddedWallets: { wallets: [{ chainType: 'ethereum', recoveryMethod: 'privy' }] } })
  const queue = attachConfirmations(client.embeddedWallets)
  enqueue(queue)
  const events = { closed: 0 }
  const host = newHost()
  const { root, shadow, reopen } = mountAccessView(host, {
    client,
    onClose: () => events.closed++,
    onLoginSuccess: () => {},
    onAuthError: () => {},
    request: { intent: 'wallet', screen, automatic: true },
  })
  track(root, host)
  const part = (name) => shadow.querySelector(`[part~="${name}"]`)
  const parts = (name) => [...shadow.querySelectorAll(`[part~="${name}"]`)]
  const title = () => part('title')?.textContent
  const row = (name) => part(`row-${name}`)?.textContent
  const calls = (action) => queue.calls.filter((call) => call.action === action)
  return { client, queue, events, shadow, part, parts, title, row, calls, reopen }
}

describe('Sign message', () => {
  it('shows the defaults and the message; Sign and continue approves; success closes by itself', async () => {
    const view = open((queue) => queue.signMessage({ message: 'Sign in to Fixture App\nNonce: 42' }))
    await waitFor(() => view.title() === 'Sign message', 'the default title')
    assertEqual(view.part('description').textContent, 'Signing this message will not cost you any fees.', 'the default description')
    assertEqual(view.part('message').textContent, 'Sign in to Fixture App\nNonce: 42', 'the message')
    assertEqual(view.part('message').tabIndex, 0, 'the message box scrolls by keyboard')
    assertEqual(view.part('approve-button').textContent, 'Sign and continue', 'the default button')
    assert(!view.part('reject-button'), "no 'Not now' unless cancellable")
    view.part('approve-button').click()
    const [{ id }] = view.calls('approve')
    view.queue.update(id, { status: 'complete' })
    await waitFor(() => view.part('success')?.textContent === 'Success!', 'the success')
    await waitFor(() => view.events.closed === 1, 'closed after the success delay', 4000)
    assertEqual(view.queue.queue().length, 0, 'taken off the queue')
  })

  it("uses the uiOptions; 'Not now' rejects with 4001 and the modal closes", async () => {
    const uiOptions = {
      title: 'Log in to Acme',
      description: 'Prove you own this wallet.',
      buttonText: 'Prove it',
      iconUrl: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      isCancellable: true,
    }
    const view = open((queue) => queue.signMessage({ uiOptions }))
    await waitFor(() => view.title() === 'Log in to Acme', 'the title override')
    assertEqual(view.part('description').textContent, 'Prove you own this wallet.', 'the description override')
    assertEqual(view.part('approve-button').textContent, 'Prove it', 'the button override')
    assertEqual(view.part('icon').getAttribute('src'), uiOptions.iconUrl, 'the icon')
    assertEqual(view.part('reject-button').textContent, 'Not now', "'Not now'")
    view.part('reject-button').click()
    await waitFor(() => view.events.closed === 1, 'closed')
    const [outcome] = [...view.queue.settled.values()]
    assertEqual([outcome.ok, outcome.error.code, outcome.error.message], [false, 4001, 'The user rejected the request.'], 'the caller got 4001')
  })

  it('closing the modal rejects what is pending', async () => {
    const view = open((queue) => queue.signMessage())
    const close = await waitFor(() => view.part('close-button'), 'the close button')
    close.click()
    await waitFor(() => view.calls('reject').length === 1, 'rejected on close')
    assertEqual([...view.queue.settled.values()][0].error.code, 4001, '4001')
  })
})

describe('A request during another wallet flow', () => {
  it('covers the open step until answered; the step is back afterwards and the modal stays open', async () => {
    const view = open(() => {}, 'password:create')
    await waitFor(() => view.title() === 'Set your password', 'the wizard step')
    view.queue.signMessage({ message: 'While setting a password' })
    await waitFor(() => view.title() === 'Sign message', 'the confirmation covers the step')
    const covered = view.parts('title').find((title) => title.textContent === 'Set your password')
    assert(covered && !covered.checkVisibility(), 'the covered step stays mounted, hidden')
    view.part('approve-button').click()
    const [{ id }] = view.calls('approve')
    view.queue.update(id, { status: 'complete' })
    await waitFor(() => view.title() === 'Set your password', 'the step shows again once the success has shown', 4000)
    assertEqual(view.events.closed, 0, 'the modal stays open')
  })

  it('a request that reopens the modal within the reset delay of a closed step gets its own confirmation, not the old step', async () => {
    const view = open(() => {}, 'password:create')
    await waitFor(() => view.title() === 'Set your password', 'the wizard step')
    view.part('close-button').click()
    await waitFor(() => view.events.closed === 1, 'closed')
    // Within the 200 ms before the closed modal resets its flows.
    view.queue.signMessage({ message: 'Right after closing' })
    view.reopen({ intent: 'wallet', screen: 'transaction:confirm', automatic: true })
    await waitFor(() => view.title() === 'Sign message', 'the confirmation')
    assertEqual(view.part('message').textContent, 'Right after closing', 'the request shown')
    assertEqual(view.calls('reject').length, 0, 'nothing rejected it on the way')
    view.part('approve-button').click()
    assertEqual(view.calls('approve').length, 1, 'approved')
  })
})

describe('Ethereum transaction', () => {
  it('an unlimited ERC-20 approve shows Approval amount, Spender, Token address, Network and the fee', async () => {
    const summary = ethereumSummary({
      action: { type: 'approve', token: tokenAddress, spender, amount: 2n ** 256n - 1n },
      send: undefined,
      approvalAmount: 'unlimited',
      spender,
      to: tokenAddress,
      tokenAddress,
      request: { ...ethereumSummary().request, to: tokenAddress, value: 0n, data: '0x095ea7b3' },
    })
    const view = open((queue) => queue.ethereumTransaction({ summary }))
    await waitFor(() => view.title() === 'Confirm transaction', 'the title')
    assertEqual(view.row('approval-amount'), 'Unlimited', 'unlimited approval')
    assertEqual(view.row('spender'), '0x222…2222', 'the spender, shortened')
    assertEqual(view.part('row-spender').querySelector('[title]').getAttribute('title'), spender, 'the full spender on hover')
    assertEqual(view.row('token-address'), '0x111…1111', 'the token address')
    assertEqual(view.row('network'), 'Sepolia', 'the network')
    assertEqual(view.row('estimated-fee'), '<0.001 ETH ($0.13)', 'the fee, native 3 decimals')
    assert(!view.part('row-send') && !view.part('row-amount'), 'no Send or Amount row')
    assertEqual(view.part('approve-button').textContent, 'Approve', 'Approve')
    // Details: the raw request.
    const details = view.part('details')
    assertEqual(details.open, false, 'Details starts closed')
    details.querySelector('summary').click()
    assertEqual(view.part('detail-data').textContent, '0x095ea7b3', 'the data')
    assertEqual(view.part('detail-nonce').textContent, '7', 'the nonce')
    assertEqual(view.part('detail-chain-id').textContent, '11155111', 'the chain id')
    assertEqual(view.part('pending-summary').open, false, 'the summary panel is closed in the modal')
    assertEqual(view.part('summary-action').textContent, 'Approve', 'the summary action')
    view.part('approve-button').click()
    assertEqual(view.calls('approve').length, 1, 'approved')
  })

  it('an ERC-20 transfer shows Amount by the token decimals, To, and a sponsored fee', async () => {
    const to = `0x${'33'.repeat(20)}`
    const summary = ethereumSummary({
      action: { type: 'transfer', token: tokenAddress, to, amount: 12_500_000n },
      send: undefined,
      amount: usdc(12_500_000n, 12.5),
      to,
      tokenAddress,
      estimatedFee: null,
      sponsored: true,
    })
    const view = open((queue) => queue.ethereumTransaction({ summary }))
    await waitFor(() => view.row('amount'), 'the rows')
    assertEqual(view.row('amount'), '12.5 USDC ($12.50)', 'the token amount')
    assertEqual(view.row('to'), '0x333…3333', 'the recipient')
    assertEqual(view.row('estimated-fee'), 'Sponsored by Fixture App', 'sponsored')
    assertEqual(view.part('balance').textContent, '2 ETH ($6000.00)', 'the balance card')
  })

  it('a plain send totals value and fee in the summary panel', async () => {
    const view = open((queue) => queue.ethereumTransaction())
    await waitFor(() => view.row('send'), 'the rows')
    assertEqual(view.row('send'), '0.5 ETH ($1500.00)', 'Send')
    assertEqual(view.part('summary-total').textContent, '0.5 ETH ($1500.13)', 'total including fees')
  })

  it('a malicious verdict gates Approve behind the checkbox', async () => {
    const scan = { status: 'completed', verdict: 'Malicious', reason: 'Known drainer', features: [], changes: [], exposures: [] }
    const view = open((queue) => queue.ethereumTransaction({ scan }))
    const banner = await waitFor(() => view.part('malicious-banner'), 'the malicious banner')
    assert(banner.textContent.includes('This is a malicious transaction'), 'the malicious text')
    assert(banner.textContent.includes('Known drainer'), 'the reason')
    const approve = view.part('approve-button')
    assertEqual(approve.disabled, true, 'Approve disabled until ticked')
    const checkbox = view.part('acknowledge-risk')
    assertEqual(checkbox.closest('label').textContent, 'I understand and want to proceed anyways.', 'the checkbox label')
    checkbox.click()
    await waitFor(() => !view.part('approve-button').disabled, 'Approve enabled once ticked')
    assertEqual(view.calls('acknowledgeRisk'), [{ id: view.queue.queue()[0].id, action: 'acknowledgeRisk', value: true }], 'acknowledgeRisk(true)')
  })

  it('a warning shows its banner; scan details list changes, or say none were found, or that the scan failed', async () => {
    const asset = { type: 'ERC20', address: tokenAddress, name: 'USD Coin', symbol: 'USDC', logoUrl: null, decimals: 6 }
    const scan = {
      status: 'completed',
      verdict: 'Warning',
      reason: 'New contract',
      features: [],
      changes: [{ asset, in: [], out: [{ value: '10', usd: 10 }] }],
      exposures: [],
    }
    const view = open((queue) => queue.ethereumTransaction({ scan }))
    const banner = await waitFor(() => view.part('warning-banner'), 'the warning banner')
    assertEqual(banner.firstChild.textContent, 'Warning: Suspicious transaction', 'the warning')
    assert(!view.part('acknowledge-risk'), 'no checkbox for a warning')
    assertEqual(view.part('approve-button').disabled, false, 'Approve stays enabled')
    view.part('scan-details-button').click()
    await waitFor(() => view.part('scan-out'), 'the scan details')
    assertEqual(view.part('scan-out').textContent, '10 USDC ($10.00)', 'the outgoing change')
    const [{ id }] = view.queue.queue()
    view.queue.update(id, { scan: { ...scan, changes: [] } })
    await waitFor(() => view.part('scan-empty')?.textContent === 'No tokens found', 'No tokens found')
    view.queue.update(id, { scan: { status: 'failed', message: 'Simulation failed' } })
    await waitFor(() => view.part('scan-failed')?.textContent === 'Transaction scan failed', 'Transaction scan failed')
    view.part('back-button').click()
    await waitFor(() => view.part('approve-button'), 'back on the confirmation')
  })

  it("insufficient funds turn the button into a disabled 'Add funds'", async () => {
    const view = open((queue) => queue.ethereumTransaction({ summary: ethereumSummary({ insufficientFunds: true, balance: eth(10n ** 15n, 3) }) }))
    const button = await waitFor(() => view.part('add-funds-button'), 'Add funds')
    assertEqual(button.textContent, 'Add funds', 'its text')
    assertEqual(button.disabled, true, 'nothing to fund with yet')
    assert(!view.part('approve-button'), 'no Approve')
  })

  it("a batch shows ' (1 / 2)', 'Continue', and moves with next and back", async () => {
    const view = open((queue) => {
      queue.ethereumTransaction()
      queue.ethereumTransaction({ summary: ethereumSummary({ network: 'Base Sepolia' }) })
    })
    await waitFor(() => view.title() === 'Confirm transaction (1 / 2)', 'the first of two')
    assertEqual(view.part('approve-button').textContent, 'Continue', 'more follow')
    assertEqual(view.part('previous-transaction').disabled, true, 'no previous')
    view.part('next-transaction').click()
    await waitFor(() => view.title() === 'Confirm transaction (2 / 2)', 'the second')
    assertEqual(view.row('network'), 'Base Sepolia', 'its rows')
    assertEqual(view.part('approve-button').textContent, 'Approve', 'the last one approves')
    view.part('previous-transaction').click()
    await waitFor(() => view.title() === 'Confirm transaction (1 / 2)', 'back to the first')
  })

  it("the receipt says 'Transaction complete!' (or the success overrides) with 'All Done'", async () => {
    const view = open((queue) => queue.ethereumTransaction({ uiOptions: { successHeader: 'Minted!' } }))
    await waitFor(() => view.part('approve-button'), 'the confirmation')
    const [{ id }] = view.queue.queue()
    view.part('approve-button').click()
    view.queue.update(id, { status: 'submitting' })
    await waitFor(() => view.part('progress')?.textContent === 'Submitting transaction…', 'submitting')
    view.queue.update(id, {
      status: 'complete',
      receipt: { hash: `0x${'12'.repeat(32)}`, status: 'success', blockNumber: 1n, gasUsed: 21000n, explorerUrl: 'https://sepolia.etherscan.io/tx/0x12' },
    })
    await waitFor(() => view.title() === 'Minted!', 'the success header override')
    assertEqual(view.part('success').textContent, "You're all set.", 'the description')
    assertEqual(view.part('done-button').textContent, 'All Done', 'All Done')
    view.part('done-button').click()
    await waitFor(() => view.events.closed === 1, 'closed')
    assertEqual(view.queue.settled.size, 0, 'closing after success rejects nothing')
  })

  it('the error view shows the code, the message, the copyable hash with its explorer link, and retries', async () => {
    const hash = `0x${'ef'.repeat(32)}`
    const error = new TesseraError({ code: 'transaction_failure', shortMessage: 'Nonce too low' })
    const view = open((queue) => queue.ethereumTransaction({ status: 'error', error, hash }))
    await waitFor(() => view.part('transaction-error'), 'the error view')
    assertEqual(view.part('error-code').textContent, 'TRANSACTION_FAILURE', 'the code')
    assert(view.part('transaction-error').textContent.includes('Please try again.'), 'Please try again.')
    assertEqual(view.part('error-message').textContent, 'Nonce too low', 'the message box')
    assertEqual(view.part('transaction-hash').querySelector('[title]').getAttribute('title'), hash, 'the hash')
    assertEqual(view.part('copy-hash').textContent, 'Copy', 'copyable')
    assertEqual(view.part('explorer-link').getAttribute('href'), `https://sepolia.etherscan.io/tx/${hash}`, 'the explorer link')
    assertEqual(view.part('retry-button').textContent, 'Retry transaction', 'Retry transaction')
    view.part('retry-button').click()
    assertEqual(view.calls('retry').length, 1, 'retry()')
    await waitFor(() => view.part('progress')?.textContent === 'Preparing transaction…', 'preparing again')
  })

  it("a reverted receipt is 'Transaction failed'", async () => {
    const receipt = { hash: `0x${'ef'.repeat(32)}`, status: 'reverted', blockNumber: 2n, gasUsed: 50000n, explorerUrl: 'https://sepolia.etherscan.io/tx/0xef' }
    const view = open((queue) => queue.ethereumTransaction())
    await waitFor(() => view.part('approve-button'), 'the confirmation')
    view.queue.update(view.queue.queue()[0].id, { status: 'complete', receipt })
    await waitFor(() => view.title() === 'Transaction failed', 'Transaction failed')
    assertEqual(view.part('explorer-link').getAttribute('href'), receipt.explorerUrl, 'the receipt link')
  })
})

describe('Solana transaction', () => {
  it('shows the subtitle, Amount, Network, fee, the Advanced instructions and the wallet card', async () => {
    const summary = solanaSummary({
      instructions: [
        {
          type: 'ata-creation',
          owner: 'Dest1nationAddress11111111111111111111111111',
          mint: 'Mint111111111111111111111111111111111111111',
          account: 'Ata11111111111111111111111111111111111111111',
        },
        {
          type: 'spl-transfer',
          from: 'So1anaFixtureAddress1111111111111111111111',
          to: 'Dest1nationAddress11111111111111111111111111',
          mint: 'Mint111111111111111111111111111111111111111',
          amount: usdc(2_000_000n, 2),
        },
        { type: 'unknown', programId: 'Prog1111111111111111111111111111111111111111' },
      ],
      amount: usdc(2_000_000n, 2),
    })
    const view = open((queue) => queue.solanaTransaction({ summary }))
    await waitFor(() => view.title() === 'Confirm transaction', 'the title')
    assertEqual(view.part('description').textContent, 'Fixture App wants your permission to approve the following transaction.', 'the subtitle')
    assertEqual(view.row('amount'), '2 USDC ($2.00)', 'Amount')
    assertEqual(view.row('network'), 'Solana Devnet', 'Network')
    assertEqual(view.row('estimated-fee'), '<0.001 SOL (<$0.01)', 'the fee')
    assertEqual(
      view.parts('instruction').map((item) => item.textContent),
      ['Create token account Ata11…1111 for Dest1…1111', 'Transfer 2 USDC ($2.00) to Dest1…1111', 'Instruction of program Prog1…1111'],
      'one line per instruction',
    )
    assertEqual(view.part('balance').textContent, '3 SOL ($450.00)', 'the wallet card')
    assertEqual(view.part('approve-button').textContent, 'Approve', 'Approve')
  })

  it('a swap shows the Swap row, its instruction line, and Swap as the receipt action', async () => {
    const bonk = (value) => ({ value, decimals: 5, symbol: 'BONK', usd: null })
    const swap = {
      type: 'jupiter-swap',
      authority: 'So1anaFixtureAddress1111111111111111111111',
      inputMint: 'Mint111111111111111111111111111111111111111',
      outputMint: 'Bonk111111111111111111111111111111111111111',
      amountIn: usdc(3_000_000n, 3),
      amountOut: bonk(220_000_000n),
    }
    const summary = solanaSummary({ instructions: [swap], amount: undefined, swap: { in: swap.amountIn, out: swap.amountOut }, to: null })
    const view = open((queue) => queue.solanaTransaction({ summary }))
    await waitFor(() => view.row('swap'), 'the Swap row')
    assertEqual(view.part('row-swap').previousElementSibling.textContent, 'Swap', 'labelled Swap')
    assertEqual(view.row('swap'), '3 USDC ($3.00) → 2200 BONK', 'what goes in and what comes out')
    assert(!view.part('row-amount'), 'no Amount row for a swap alone')
    assertEqual(
      view.parts('instruction').map((item) => item.textContent),
      ['Swap 3 USDC ($3.00) for 2200 BONK through Jupiter'],
      'the instruction line',
    )
    view.queue.update(view.queue.queue()[0].id, { status: 'complete', receipt: { signature: '5ig', explorerUrl: null } })
    await waitFor(() => view.part('receipt-action'), 'the receipt')
    assertEqual(view.part('receipt-action').textContent, 'Swap', 'Action')
  })

  it("a sponsored transaction shows 'Sponsored by {app}' as its fee, and the receipt totals the amount alone", async () => {
    const view = open((queue) => queue.solanaTransaction({ summary: solanaSummary({ sponsored: true, estimatedFee: sol(5_000_000n, 0.75) }) }))
    await waitFor(() => view.row('estimated-fee'), 'the rows')
    assertEqual(view.row('estimated-fee'), 'Sponsored by Fixture App', 'sponsored')
    view.queue.update(view.queue.queue()[0].id, { status: 'complete', receipt: { signature: '5ig', explorerUrl: null } })
    await waitFor(() => view.part('receipt-fees'), 'the receipt')
    assertEqual(view.part('receipt-fees').textContent, 'Sponsored by Fixture App', 'Fees')
    // Unsponsored, the fee would count: 0.255 SOL ($38.25).
    assertEqual(view.part('receipt-total').textContent, '0.25 SOL ($37.50)', 'Total without the fee')
  })

  it("the sign-only receipt is 'Transaction signed!' with Action, Total, Fees, To and Close", async () => {
    const view = open((queue) => queue.solanaTransaction({ signOnly: true }))
    await waitFor(() => view.part('approve-button'), 'the confirmation')
    view.queue.update(view.queue.queue()[0].id, { status: 'complete', receipt: { signature: '5ig', explorerUrl: null } })
    await waitFor(() => view.title() === 'Transaction signed!', 'Transaction signed!')
    assertEqual(view.part('success').textContent, "You're all set.", "You're all set.")
    assertEqual(view.part('receipt-action').textContent, 'Transfer', 'Action')
    assertEqual(view.part('receipt-total').textContent, '0.25 SOL ($37.50)', 'Total with the fee')
    assertEqual(view.part('receipt-fees').textContent, '<0.001 SOL (<$0.01)', 'Fees')
    assertEqual(view.part('receipt-to').textContent, 'Dest1…1111', 'To')
    assertEqual(view.part('done-button').textContent, 'Close', 'Close')
  })

  it("'Add funds' when the balance is short, and the error view retries", async () => {
    const view = open((queue) => queue.solanaTransaction({ summary: solanaSummary({ insufficientFunds: true, balance: sol(1000n, 0) }) }))
    await waitFor(() => view.part('add-funds-button'), 'Add funds')
    const [{ id }] = view.queue.queue()
    view.queue.update(id, { status: 'error', error: new TesseraError({ code: 'transaction_failure', shortMessage: 'Simulation failed: Blockhash not found' }) })
    await waitFor(() => view.part('error-message')?.textContent === 'Simulation failed: Blockhash not found', 'the error')
    view.part('retry-button').click()
    assertEqual(view.calls('retry').length, 1, 'retry()')
  })
})

describe('<auth-modal> (built bundle) and the walletPrompt', () => {
  /** The built element on the page over a client double registered for `appId`, as a second bundle copy would find it. */
  async function builtModal(appId, script) {
    await import('/dist/tessera.js')
    const client = createAccessClient(script)
    const queue = attachConfirmations(client.embeddedWallets)
    ;(globalThis[Symbol.for('tessera.client')] ??= new Map()).set(appId, client)
    const element = document.createElement('auth-modal')
    element.setAttribute('app-id', appId)
    document.body.append(element)
    return { client, queue, element }
  }

  it("opens on 'transaction:confirm' with the queued confirmation; closing it rejects", async () => {
    const { client, queue, element } = await builtModal('transaction-prompt-app')
    try {
      queue.signMessage({ message: 'From the prompt' })
      // The element listens once React has mounted it: prompt until it opens.
      await waitFor(() => (client.emit('walletPrompt', { screen: 'transaction:confirm' }), element.open), 'opened by the prompt')
      const message = await waitFor(() => element.shadowRoot.querySelector('[part~="message"]'), 'the sign screen')
      assertEqual(message.textContent, 'From the prompt', 'the queued message')
      element.shadowRoot.querySelector('[part~="close-button"]').click()
      await waitFor(() => queue.queue().length === 0, 'rejected on close')
      assertEqual(element.open, false, 'closed')
    } finally {
      element.remove()
    }
  })

  it('a prompt that comes as a wallet flow closes opens the modal again for it', async () => {
    const { client, queue, element } = await builtModal('transaction-prompt-after-close', {
      embeddedWallets: { wallets: [{ chainType: 'ethereum', recoveryMethod: 'privy' }] },
    })
    try {
      await waitFor(() => element.start, 'the element defined')
      element.start({ intent: 'wallet', screen: 'password:create' })
      await waitFor(() => element.shadowRoot.querySelector('[part~="title"]')?.textContent === 'Set your password', 'the wallet flow')
      // Closed, and the prompt in the same task: before the element rendered the close.
      element.open = false
      queue.signMessage({ message: 'Right as it closed' })
      client.emit('walletPrompt', { screen: 'transaction:confirm' })
      const message = await waitFor(() => element.open && element.shadowRoot.querySelector('[part~="message"]'), 'opened again on the sign screen')
      assertEqual(message.textContent, 'Right as it closed', 'the queued message')
    } finally {
      element.remove()
    }
  })
})
