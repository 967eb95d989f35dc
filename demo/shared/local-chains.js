// Shared by both demos: test funds and transfers on the dev app's local chains (anvil and the local Solana
// endpoint). The RPC URLs come from the app config the client holds; nothing here leaves the local chains.

/** A fixed dev recipient on each chain: anvil's second default account, and a fixed Solana address. */
export const ETH_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const SOL_RECIPIENT = '2nhJnUNAsi8HYuJw6TsCEnWztiSFZHUuFbawreHs8zxN'
/** 0.001 ETH in wei and 0.001 SOL in lamports. */
export const ETH_AMOUNT_WEI = 10n ** 15n
export const SOL_AMOUNT_LAMPORTS = 1_000_000n

export async function rpc(url, method, params) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
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

/** 'Get test funds': 1 ETH on anvil and 1 SOL on the local Solana endpoint for the user's embedded wallets. */
export async function fundWallets(client, { ethereum, solana }) {
  if (ethereum) {
    const { rpcUrl } = await localEvmChain(client)
    await rpc(rpcUrl, 'anvil_setBalance', [ethereum, `0x${(10n ** 18n).toString(16)}`])
  }
  if (solana) await rpc(localSolanaRpcUrl(client), 'requestAirdrop', [solana, 1_000_000_000])
}

/** Sends 0.001 ETH to the dev recipient with the embedded wallet; resolves with the transaction hash. */
export async function sendEth(client, from) {
  const chain = await localEvmChain(client)
  const { hash } = await client.embeddedWallets.sendTransaction({
    address: from,
    transaction: { to: ETH_RECIPIENT, value: `0x${ETH_AMOUNT_WEI.toString(16)}`, chainId: chain.id },
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

const toBase64 = (bytes) => btoa(String.fromCharCode(...bytes))
const littleEndian = (value, size) => Uint8Array.from({ length: size }, (_, index) => Number((BigInt(value) >> BigInt(8 * index)) & 0xffn))

/**
 * A legacy transaction message for one System Program transfer (the wire format of the Solana docs): header,
 * account keys (payer, recipient, System Program), the recent blockhash, and the instruction (index 2, u64 lamports).
 */
function transferMessage(from, to, lamports, recentBlockhash) {
  const systemProgram = new Uint8Array(32)
  return Uint8Array.from([
    1, 0, 1,
    3, ...base58Decode(from), ...base58Decode(to), ...systemProgram,
    ...base58Decode(recentBlockhash),
    1, 2, 2, 0, 1, 12, ...littleEndian(2, 4), ...littleEndian(lamports, 8),
  ])
}

/**
 * Sends 0.001 SOL to the dev recipient: the embedded wallet signs the transfer's message bytes in the wallet frame
 * (a script-tag page has no @solana/web3.js classes to hand to `signAndSendTransaction`), then the signed
 * transaction goes to the local endpoint; resolves with its signature once confirmed.
 */
export async function sendSol(client, from) {
  const rpcUrl = localSolanaRpcUrl(client)
  const { value } = await rpc(rpcUrl, 'getLatestBlockhash', [{ commitment: 'confirmed' }])
  const message = transferMessage(from, SOL_RECIPIENT, SOL_AMOUNT_LAMPORTS, value.blockhash)
  const provider = await client.embeddedWallets.getSolanaProvider(from)
  const { signature } = await provider.signMessage(message)
  const transaction = Uint8Array.from([1, ...signature, ...message])
  const sent = await rpc(rpcUrl, 'sendTransaction', [toBase64(transaction), { encoding: 'base64' }])
  for (let attempt = 0; attempt < 60; attempt++) {
    const { value: [status] } = await rpc(rpcUrl, 'getSignatureStatuses', [[sent]])
    if (status?.err) throw new Error(`The transfer failed: ${JSON.stringify(status.err)}`)
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return sent
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('The transfer was not confirmed in time')
}
