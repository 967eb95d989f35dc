// The dapps' page plumbing (no wallet library, no Tessera): the wallet list, the buttons and the result lines.

export interface DappPage {
  /** Lists wallets as buttons; a click connects the one picked. */
  showWallets(wallets: { id: string; name: string; icon: string }[], pick: (id: string) => void): void
  /** The connected account, or null: the action buttons follow it. */
  showAccount(account: string | null): void
  /** Runs an action from a button, showing its result or its error. */
  /** An action's button shows once the dapp has the action (only the wallet-standard dapp signs in with Solana). */
  onAction(button: 'fund' | 'sign' | 'sign-in' | 'send', run: () => Promise<string>): void
}

/** Both pages' sections under their heading: Tessera's sign-in, then the dapp's wallets, account, actions and results. */
const sections = `
  <section id="account">
    <p id="signed-out" role="status">Sign in to get a wallet.</p>
    <button id="login" type="button">Log in</button>
    <p id="signed-in" hidden>Signed in as <span id="user-email"></span> <button id="logout" type="button">Log out</button></p>
    <auth-modal theme="light"></auth-modal>
  </section>
  <section id="dapp" aria-label="The dapp">
    <h2>Wallets found</h2>
    <ul id="wallets"></ul>
    <p id="dapp-account" role="status">No wallet connected.</p>
    <button id="fund" type="button" disabled>Get test funds</button>
    <button id="sign" type="button" disabled>Sign a message</button>
    <button id="sign-in" type="button" disabled hidden>Sign in with Solana</button>
    <button id="send" type="button" disabled>Send a transaction</button>
    <p id="dapp-result" role="status"></p>
    <p id="dapp-error" role="alert"></p>
  </section>`

/** Adds the sections to the page's <main> (before the sign-in and the dapp look for them). */
export function renderSections(): void {
  document.querySelector('main')!.insertAdjacentHTML('beforeend', sections)
}

export function dappPage(): DappPage {
  const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!
  const buttons = ['fund', 'sign', 'sign-in', 'send'] as const
  return {
    showWallets(wallets, pick) {
      $('#wallets').replaceChildren(
        ...wallets.map(({ id, name, icon }) => {
          const item = document.createElement('li')
          const button = document.createElement('button')
          button.type = 'button'
          button.dataset.wallet = name
          const image = document.createElement('img')
          Object.assign(image, { src: icon, alt: '', width: 20, height: 20 })
          button.append(image, ` Use ${name}`)
          button.addEventListener('click', () => pick(id))
          item.append(button)
          return item
        }),
      )
    },
    showAccount(account) {
      $('#dapp-account').textContent = account ? `Connected: ${account}` : 'No wallet connected.'
      $('#dapp-account').dataset.account = account ?? ''
      for (const name of buttons) $<HTMLButtonElement>(`#${name}`).disabled = !account
    },
    onAction(button, run) {
      $(`#${button}`).hidden = false
      $(`#${button}`).addEventListener('click', async () => {
        $('#dapp-result').textContent = ''
        $('#dapp-error').textContent = ''
        try {
          $('#dapp-result').textContent = await run()
        } catch (error) {
          $('#dapp-error').textContent = error instanceof Error ? error.message : String(error)
        }
      })
    },
  }
}
