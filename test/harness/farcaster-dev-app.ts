/**
 * For a person trying the demo with `npm start`: a console stand-in for the Farcaster app. Paste the link behind the
 * Farcaster screen's 'Copy link' (optionally followed by an fid) and it is approved as that fid, whose custody key is
 * registered in the ID registry stand-in on the local chain first. A Farcaster signer approval link
 * (`https://farcaster.xyz/~/signed-key-request?...`) is approved the same way: its fid's custody key adds the key on the
 * KeyRegistry stand-in; `revoke <link>` removes it.
 */
import { createInterface } from 'node:readline'
import { keccak256, toHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { approveInFarcasterApp } from '../../server/src/test-support/farcaster-app.js'
import type { LocalChain } from './dev-stack.js'

export const FARCASTER_CONSOLE_HINT =
  "Farcaster       paste the Farcaster screen's 'Copy link' here (then an fid, default 1) to sign as that fid,\n" +
  '                or a signer approval link to approve it (`revoke <link>` to remove it)'

/** The same made-up custody key for an fid on every start, so the fid stays one user of the dev app. */
const devCustodyKey = (fid: number) => privateKeyToAccount(keccak256(toHex(`tessera-dev-farcaster-custody:${fid}`)))

export function approveFarcasterLinksFromConsole(chain: LocalChain, apiUrl: string): () => void {
  const lines = createInterface({ input: process.stdin })
  lines.on('line', (line) => {
    const signer = /^(revoke\s+)?(https:\/\/farcaster\.xyz\/~\/signed-key-request\?\S+)$/.exec(line.trim())
    if (signer) return approveSignerLink(chain, signer[2]!, Boolean(signer[1]))
    const [uri, fidText = '1'] = line.trim().split(/\s+/)
    if (!uri?.startsWith('https://farcaster.xyz/~/sign-in-with-farcaster?')) return
    const fid = Number(fidText)
    if (!Number.isSafeInteger(fid) || fid < 1) return console.log('Farcaster: the fid must be a positive integer')
    const custody = devCustodyKey(fid)
    void chain.farcasterRegistry
      .setCustody(fid, custody.address)
      .then(() =>
        approveInFarcasterApp({ apiUrl, connectUri: uri, fid, custody, now: new Date(), profile: { username: `dev${fid}`, display_name: `Dev user ${fid}` } }),
      )
      .then((response) =>
        console.log(
          response.ok
            ? `Farcaster: approved as fid ${fid}; the modal signs in within 2 s`
            : `Farcaster: the relay answered ${response.status} (the link expired or was used)`,
        ),
      )
      .catch((error: unknown) => console.log(`Farcaster: ${(error as Error).message}`))
  })
  return () => lines.close()
}

/** Plays the Farcaster app on a signer approval link: the fid's custody key adds (or removes) the key on the KeyRegistry. */
function approveSignerLink(chain: LocalChain, link: string, revoke: boolean): void {
  const params = new URL(link).searchParams
  const fid = Number(params.get('fid'))
  const key = params.get('key') as Hex
  const custody = devCustodyKey(fid)
  void chain.farcasterRegistry
    .setCustody(fid, custody.address)
    .then(() => (revoke ? chain.farcasterKeyRegistry.remove(custody, fid, key) : chain.farcasterKeyRegistry.add(custody, fid, key)))
    .then(() => console.log(`Farcaster: signer ${revoke ? 'removed from' : 'added to'} fid ${fid}; the next status poll sees it`))
    .catch((error: unknown) => console.log(`Farcaster: ${(error as Error).message}`))
}
