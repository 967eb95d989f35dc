// Shared by the demos: test funds and transfers on the dev app's local chains (anvil and the local Solana
// endpoint). The RPC URLs come from the app config the client holds (the API's chain relay); nothing here leaves the local chains.

/** A fixed dev recipient on each chain: anvil's second default account, and a fixed Solana address. */
export const ETH_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const SOL_RECIPIENT = '2nhJnUNAsi8HYuJw6TsCEnWztiSFZHUuFbawreHs8zxN'
/** 0.001 ETH in wei and 0.001 SOL in lamports. */
export const ETH_AMOUNT_WEI = 10n ** 15n
export const SOL_AMOUNT_LAMPORTS = 1_000_000n

export async function rpc(url, method, params) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** The chain embedded Ethereum wallets start on (the dev app's default: anvil), with its resolved RPC URL. */
export async function localEvmChain(client) {
  const chains = await client.embeddedWallets.getChains()
  const chain = chains.find((candidate) => candidate.id === client.getConfig().config.defaultChain)
  if (!chain) throw new Error('The app has no default chain')
  return chain
}

/** The app's first Solana cluster (the dev app's 'devnet' is the local endpoint). */
export function localSolanaRpcUrl(client) {
  const [cluster] = client.getConfig().config.solanaClusters
  if (!cluster) throw new Error('The app has no Solana cluster')
  return cluster.rpcUrl
}

/**
 * 'Get test funds': 1 ETH on anvil and 1 SOL on the local Solana endpoint for the user's embedded wallets, from the
 * demo server's dev-only faucet (the page's chain RPC goes through the API's relay, which refuses node-only methods).
 */
export async function fundWallets(addresses) {
  const response = await fetch('/dev-chain/test-funds', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(addresses) })
  if (!response.ok) throw new Error((await response.json().catch(() => ({}))).error ?? `The faucet answered ${response.status}`)
}

/** Sends 0.001 ETH to the dev recipient with the embedded wallet; resolves with the transaction hash. `sponsor`: the app pays the fee. */
export async function sendEth(client, from, { sponsor = false } = {}) {
  const chain = await localEvmChain(client)
  const { hash } = await client.embeddedWallets.sendTransaction({
    address: from,
    transaction: { to: ETH_RECIPIENT, value: `0x${ETH_AMOUNT_WEI.toString(16)}`, chainId: chain.id },
    ...(sponsor && { sponsor: true }),
  })
  return hash
}

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

export function base58Decode(text) {
  let value = 0n
  for (const char of text) {
    const digit = base58Alphabet.indexOf(char)
    if (digit < 0) throw new Error(`Not base58: ${text}`)
    value = value * 58n + BigInt(digit)
  }
  const bytes = []
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn))
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

const littleEndian = (value, size) => Uint8Array.from({ length: size }, (_, index) => Number((BigInt(value) >> BigInt(8 * index)) & 0xffn))

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

/**
 * A legacy transaction message (the wire format of the Solana docs): the header (signers, read-only signers,
 * read-only others), the account keys, the recent blockhash and the instructions (program index, account indexes,
 * data). Every count here is below 128, so each compact-u16 length is one byte.
 */
function legacyMessage(header, accountKeys, recentBlockhash, instructions) {
  return Uint8Array.from([
    ...header,
    accountKeys.length,
    ...accountKeys.flatMap((key) => [...base58Decode(key)]),
    ...base58Decode(recentBlockhash),
    instructions.length,
    ...instructions.flatMap(({ program, accounts, data }) => [program, accounts.length, ...accounts, data.length, ...data]),
  ])
}

/**
 * A transaction the wallet alone signs, shaped like @solana/web3.js's VersionedTransaction (a script-tag page has no
 * web3.js classes): the embedded wallet reads its message, shows the confirmation, signs its slot and sends it, and
 * may set a fresh `recentBlockhash` on a retry.
 */
function walletTransaction(header, accountKeys, recentBlockhash, instructions) {
  const transaction = {
    signatures: [new Uint8Array(64)],
    message: {
      header: { numRequiredSignatures: header[0], numReadonlySignedAccounts: header[1], numReadonlyUnsignedAccounts: header[2] },
      staticAccountKeys: accountKeys.map((key) => ({ toBase58: () => key, toString: () => key })),
      addressTableLookups: [],
      recentBlockhash,
      serialize: () => legacyMessage(header, accountKeys, transaction.message.recentBlockhash, instructions),
    },
    serialize: () =>
      Uint8Array.from([transaction.signatures.length, ...transaction.signatures.flatMap((signature) => [...signature]), ...transaction.message.serialize()]),
  }
  return transaction
}

/** Signs and sends `build(recentBlockhash)` with the embedded wallet; resolves with the signature once confirmed. */
async function signAndSend(client, from, build, options = {}) {
  const { value } = await rpc(localSolanaRpcUrl(client), 'getLatestBlockhash', [{ commitment: 'confirmed' }])
  const provider = await client.embeddedWallets.getSolanaProvider(from)
  const { signature } = await provider.signAndSendTransaction(build(value.blockhash), options)
  return signature
}

/**
 * Sends 0.001 SOL to the dev recipient: one System Program transfer (instruction 2, u64 lamports). `sponsor`: the app
 * pays the fee (a server-managed wallet on a sponsored app).
 */
export function sendSol(client, from, options = {}) {
  return signAndSend(
    client,
    from,
    (blockhash) =>
      walletTransaction([1, 0, 1], [from, SOL_RECIPIENT, SYSTEM_PROGRAM], blockhash, [
        { program: 2, accounts: [0, 1], data: [...littleEndian(2, 4), ...littleEndian(SOL_AMOUNT_LAMPORTS, 8)] },
      ]),
    options,
  )
}

/** 1 whole token of the dev SPL mint. */
export const splAmount = (splToken) => 10n ** BigInt(splToken.decimals)

/**
 * Sends 1 token of the dev SPL mint (`/dev-chain.json`) from the wallet's token account to the dev recipient's:
 * one TransferChecked (instruction 12: u64 amount, u8 decimals; accounts source, mint, destination, owner).
 */
export async function sendSplTokens(client, from, splToken) {
  const {
    value: [account],
  } = await rpc(localSolanaRpcUrl(client), 'getTokenAccountsByOwner', [from, { mint: splToken.mint }, { encoding: 'base64' }])
  if (!account) throw new Error(`You have no ${splToken.symbol} yet: get test tokens first.`)
  return signAndSend(client, from, (blockhash) =>
    walletTransaction([1, 0, 2], [from, account.pubkey, splToken.recipientTokenAccount, splToken.mint, TOKEN_PROGRAM], blockhash, [
      { program: 4, accounts: [1, 3, 2, 0], data: [12, ...littleEndian(splAmount(splToken), 8), splToken.decimals] },
    ]),
  )
}
