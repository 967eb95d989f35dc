import { describe, expect, it } from 'vitest'
import type { FrameTransactionRequest, ScanTransactionResponse } from '../../protocol/index.js'
import { scanInput, toScanState } from './scan-state.js'

const from = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const spender = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('the scan request', () => {
  it('sends the prepared transaction as eth_sendTransaction params, the max fee as the gas price', () => {
    const transaction: FrameTransactionRequest = {
      type: 'eip1559',
      chainId: 8453,
      nonce: 7,
      to: token,
      data: '0x095ea7b3',
      gas: '0xea60',
      maxFeePerGas: '0x3b9aca00',
      maxPriorityFeePerGas: '0x1',
    }
    expect(scanInput(from, transaction, 'api.example.com')).toEqual({
      chain_id: '8453',
      metadata: { domain: 'api.example.com' },
      request: { method: 'eth_sendTransaction', params: [{ from, to: token, data: '0x095ea7b3', gas: '0xea60', gasPrice: '0x3b9aca00', nonce: 7 }] },
    })
  })
})

describe('toScanState', () => {
  it('reads a Warning with an approval exposure for the whole collection', () => {
    const response: ScanTransactionResponse = {
      validation: {
        status: 'Success',
        result_type: 'Warning',
        reason: 'approval_for_all',
        description: '',
        features: [{ type: 'Warning', feature_id: 'APPROVAL_FOR_ALL', description: 'Approval of every token of the collection' }],
      },
      simulation: {
        status: 'Success',
        assets_diffs: [],
        exposures: [
          { asset: { type: 'ERC721', address: token, name: 'Tessera Test NFT', symbol: 'TNFT' }, spenders: { [spender]: { approved_for_all: true } } },
        ],
      },
    }
    expect(toScanState(response)).toEqual({
      status: 'completed',
      verdict: 'Warning',
      reason: 'approval_for_all',
      features: ['Approval of every token of the collection'],
      changes: [],
      exposures: [
        {
          asset: { type: 'ERC721', address: token, name: 'Tessera Test NFT', symbol: 'TNFT', logoUrl: null, decimals: null },
          spender,
          value: null,
          unlimited: false,
          approvedForAll: true,
        },
      ],
    })
  })

  it("keeps the verdict of a scan whose simulation failed, with no changes to list (the UI's 'No tokens found')", () => {
    const response: ScanTransactionResponse = {
      validation: { status: 'Success', result_type: 'Benign', reason: '', description: '', features: [] },
      simulation: { status: 'Error', error: 'Simulation failed: execution reverted' },
    }
    expect(toScanState(response)).toEqual({ status: 'completed', verdict: 'Benign', reason: null, features: [], changes: [], exposures: [] })
  })

  it("is 'Transaction scan failed' when the validation could not run", () => {
    const response: ScanTransactionResponse = {
      validation: { status: 'Error', error: 'Simulation failed' },
      simulation: { status: 'Error', error: 'Simulation failed' },
    }
    expect(toScanState(response)).toEqual({ status: 'failed', message: 'Transaction scan failed' })
  })

  it('reads ERC-1155 token ids and USD values of the changes', () => {
    const response: ScanTransactionResponse = {
      validation: { status: 'Success', result_type: 'Benign', reason: '', description: '', features: [] },
      simulation: {
        status: 'Success',
        assets_diffs: [
          {
            asset: { type: 'ERC1155', address: token, logo_url: 'https://img.test/1.png' },
            in: [{ value: '2', raw_value: '2', token_id: '5', usd_price: '3.50' }],
            out: [],
          },
        ],
        exposures: [],
      },
    }
    expect(toScanState(response)).toMatchObject({
      changes: [{ asset: { type: 'ERC1155', logoUrl: 'https://img.test/1.png' }, in: [{ value: '2', usd: 3.5, tokenId: '5' }], out: [] }],
    })
  })
})
