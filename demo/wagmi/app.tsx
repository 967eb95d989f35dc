// The app's screen: wagmi's hooks only. Connecting goes through RainbowKit's ConnectButton or wagmi's useConnect.
import { ConnectButton } from '@rainbow-me/rainbowkit'
import { useState } from 'react'
import type { Address } from 'viem'
import { useAccount, useChainId, useConnect, useDisconnect, useSendTransaction, useSignMessage, useSwitchChain } from 'wagmi'
import { ETH_AMOUNT_WEI, ETH_RECIPIENT, fundWallets } from '../shared/local-chains.js'
import { DEMO_MESSAGE } from './demo-message.js'

const shortMessage = (error: Error) => (error as Error & { shortMessage?: string }).shortMessage ?? error.message

function Connect() {
  const { connect, connectors, error } = useConnect()
  const tessera = connectors.find((connector) => connector.id === 'tessera')
  return (
    <section aria-label="Connect">
      <ConnectButton />
      {tessera && (
        <button id="connect" type="button" onClick={() => connect({ connector: tessera })}>
          Connect with {tessera.name} (useConnect)
        </button>
      )}
      {error && (
        <p id="error" role="alert">
          {shortMessage(error)}
        </p>
      )}
    </section>
  )
}

function Actions({ address }: { address: Address }) {
  const chainId = useChainId()
  const { chains, switchChain } = useSwitchChain()
  const { disconnect } = useDisconnect()
  const sign = useSignMessage()
  const send = useSendTransaction()
  const [funded, setFunded] = useState<string | null>(null)
  const error = sign.error ?? send.error
  return (
    <section aria-label="Account">
      <ConnectButton />
      <p id="account" data-address={address}>
        Connected: {address}
      </p>
      <p id="chain-id" data-chain-id={chainId}>
        Chain: {chainId}
      </p>
      <p>
        {chains.map((chain) => (
          <button
            key={chain.id}
            type="button"
            className="switch-chain"
            data-chain-id={chain.id}
            disabled={chain.id === chainId}
            onClick={() => switchChain({ chainId: chain.id })}
          >
            Switch to {chain.name}
          </button>
        ))}
      </p>
      <button
        id="fund"
        type="button"
        onClick={() =>
          fundWallets({ ethereum: address }).then(
            () => setFunded('Test funds added'),
            (failure: Error) => setFunded(failure.message),
          )
        }
      >
        Get test funds
      </button>
      {funded && <p id="fund-result">{funded}</p>}
      <button id="sign" type="button" onClick={() => sign.signMessage({ message: DEMO_MESSAGE })}>
        Sign a message
      </button>
      {sign.data && <p id="sign-result">{sign.data}</p>}
      <button id="send" type="button" onClick={() => send.sendTransaction({ to: ETH_RECIPIENT as Address, value: ETH_AMOUNT_WEI })}>
        Send 0.001 ETH
      </button>
      {send.data && <p id="send-result">{send.data}</p>}
      {error && (
        <p id="error" role="alert">
          {shortMessage(error)}
        </p>
      )}
      <button id="disconnect" type="button" onClick={() => disconnect()}>
        Disconnect
      </button>
    </section>
  )
}

export function App() {
  const { address, status } = useAccount()
  if (status === 'connecting' || status === 'reconnecting')
    return (
      <p id="status" role="status">
        Connecting…
      </p>
    )
  return address ? <Actions address={address} /> : <Connect />
}
