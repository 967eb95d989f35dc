import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { getOrCreateClient } from '../src/core/index.js'
import {
  TesseraProvider,
  useAuth,
  useLinkAccount,
  useLoginWithEmail,
  useLoginWithOAuth,
  useLoginWithSms,
  useTesseraClient,
  useToken,
  useUnlinkAccount,
  useUpdateAccount,
  useUpdateEmail,
  useUpdatePhone,
  useUser,
  useWallets,
  useSolanaWallets,
  useCreateWallet,
  useSignMessage,
  useSignTypedData,
  useSignTransaction,
  useSendTransaction,
} from './index.js'

const appId = 'tessera-test-app-00000010'
// Closed loopback port: the config request fails fast and the client keeps its defaults.
const apiUrl = 'http://127.0.0.1:9'

function Probe() {
  const auth = useAuth()
  const { state } = useLoginWithEmail()
  const { user } = useUser()
  const { getAccessToken } = useToken()
  const client = useTesseraClient()
  const shared = client === getOrCreateClient({ appId, apiUrl })
  return (
    <output>{JSON.stringify({ ready: auth.ready, authenticated: auth.authenticated, user, flow: state.status, shared, token: typeof getAccessToken })}</output>
  )
}

describe('TesseraProvider (server render)', () => {
  it('renders hooks over the shared client and one hidden <auth-modal>', () => {
    const html = renderToString(
      <TesseraProvider appId={appId} apiUrl={apiUrl}>
        <Probe />
      </TesseraProvider>,
    )
    const probe = JSON.parse(html.match(/<output>(.*?)<\/output>/)![1]!.replaceAll('&quot;', '"'))
    expect(probe).toEqual({ ready: false, authenticated: false, user: null, flow: 'initial', shared: true, token: 'function' })
    // Attributes are written on the client after mount, so the server output holds a bare, closed element.
    expect(html.match(/<auth-modal/g)).toHaveLength(1)
    expect(html).not.toContain('open')
  })

  it('serves every headless hook from the real client slices', () => {
    function HooksProbe() {
      const sms = useLoginWithSms()
      const oauth = useLoginWithOAuth()
      const link = useLinkAccount()
      const unlink = useUnlinkAccount()
      const update = useUpdateAccount()
      const updateEmail = useUpdateEmail()
      const updatePhone = useUpdatePhone()
      const wallets = useWallets()
      const solanaWallets = useSolanaWallets()
      const embeddedActions = [useCreateWallet(), useSignMessage(), useSignTypedData(), useSignTransaction(), useSendTransaction()]
      const functions = (value: object) =>
        Object.keys(value)
          .filter((key) => typeof (value as Record<string, unknown>)[key] === 'function')
          .sort()
      return (
        <output>
          {JSON.stringify({
            sms: sms.state.status,
            oauth: [oauth.state.status, oauth.loading],
            updates: [updateEmail.state.status, updatePhone.state.status],
            link: functions(link),
            unlink: functions(unlink).length,
            update: functions(update),
            wallets: [wallets.wallets.length, solanaWallets.wallets.length, functions(solanaWallets)],
            embeddedActions: embeddedActions.flatMap(functions),
          })}
        </output>
      )
    }
    const html = renderToString(
      <TesseraProvider appId={appId} apiUrl={apiUrl}>
        <HooksProbe />
      </TesseraProvider>,
    )
    const probe = JSON.parse(html.match(/<output>(.*?)<\/output>/)![1]!.replaceAll('&quot;', '"'))
    expect(probe).toEqual({
      sms: 'initial',
      oauth: ['initial', false],
      updates: ['initial', 'initial'],
      link: [
        'linkApple',
        'linkDiscord',
        'linkEmail',
        'linkFarcaster',
        'linkGithub',
        'linkGoogle',
        'linkInstagram',
        'linkLine',
        'linkLinkedIn',
        'linkPasskey',
        'linkPhone',
        'linkSpotify',
        'linkTelegram',
        'linkTiktok',
        'linkTwitter',
      ],
      unlink: 18,
      update: ['updateEmail', 'updatePhone'],
      wallets: [0, 0, ['createWallet']],
      embeddedActions: ['createWallet', 'signMessage', 'signTypedData', 'signTransaction', 'sendTransaction'],
    })
  })

  it('throws a clear error for hooks outside the provider', () => {
    expect(() => renderToString(<Probe />)).toThrow('Tessera hooks must be used inside <TesseraProvider>')
  })
})
