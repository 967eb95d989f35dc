/** The export frame's query (funding spec): which wallet of which share set, and whether the seed phrase is offered. */
import { exportFrameQuery, type EmbeddedChainType } from '../../protocol/index.js'
import { chainOfVerifier } from '../handlers/context.js'

export interface ExportTarget {
  entropyId: string
  chainType: EmbeddedChainType
  hdWalletIndex: number
  clientId: string | null
  phraseExport: boolean
}

/** Null when the query does not name one wallet: the frame then shows nothing to export. */
export function parseExportQuery(search: string): ExportTarget | null {
  const query = new URLSearchParams(search)
  const entropyId = query.get(exportFrameQuery.entropyId) ?? ''
  const verifier = query.get(exportFrameQuery.entropyIdVerifier)
  const chainType = query.get(exportFrameQuery.chainType)
  const index = Number(query.get(exportFrameQuery.hdWalletIndex) ?? '0')
  if (entropyId.length === 0 || entropyId.length > 100) return null
  if (verifier !== 'ethereum-address-verifier' && verifier !== 'solana-address-verifier') return null
  // A share set serves one chain: the wallet's chain must be its verifier's.
  if (chainType !== chainOfVerifier(verifier)) return null
  if (!Number.isInteger(index) || index < 0 || index >= 0x8000_0000) return null
  return {
    entropyId,
    chainType,
    hdWalletIndex: index,
    clientId: query.get(exportFrameQuery.clientId),
    phraseExport: query.get(exportFrameQuery.phraseExport) === 'true',
  }
}
