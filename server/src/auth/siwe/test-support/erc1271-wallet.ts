import { concat, type Address, type Hex } from 'viem'

/**
 * Test fixture: the smallest honest ERC-1271 contract wallet, written directly in EVM bytecode (no compiler
 * on this machine). It behaves like this Solidity:
 *
 *   contract OwnedWallet {
 *     address immutable owner;
 *     function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
 *       (bytes32 r, bytes32 s, uint8 v) = (signature[0:32], signature[32:64], signature[64]);
 *       return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
 *     }
 *   }
 *
 * It reads the signature at the standard ABI offsets (hash 0x04, r 0x64, s 0x84, v 0xa4) and reverts on any other selector.
 */
export function erc1271WalletBytecode(owner: Address): Hex {
  const magic = '1626ba7e'
  const returnSelector = (selector: string) => `63${selector}60e01b60005260206000f3` // PUSH4 sel, SHL 224, MSTORE 0, RETURN(0, 32)
  const head = [
    `60003560e01c`, // selector = calldata[0:4]
    `63${magic}14`, // == isValidSignature(bytes32,bytes)
  ]
  const revert = '60006000fd'
  const recover = [
    '5b', // JUMPDEST (ok)
    '600435600052', // mem[0x00] = hash
    '60a43560f81c602052', // mem[0x20] = v (first byte of calldata[0xa4])
    '606435604052', // mem[0x40] = r
    '608435606052', // mem[0x60] = s
    '602060806080600060015afa50', // staticcall(gas, ecrecover, 0, 0x80, 0x80, 0x20); drop the success flag
    `60805173${owner.slice(2).toLowerCase()}14`, // mem[0x80] == owner
  ]
  const bytes = (parts: string[]) => parts.join('').length / 2
  const okAt = bytes(head) + 3 + bytes([revert]) // after PUSH1 ok JUMPI and the revert
  const mismatch = returnSelector('ffffffff')
  const validAt = okAt + bytes(recover) + 3 + bytes([mismatch])
  const runtime = [...head, `60${hex(okAt)}57`, revert, ...recover, `60${hex(validAt)}57`, mismatch, '5b', returnSelector(magic)].join('')
  const length = runtime.length / 2
  // Init code: copy the runtime (which starts right after these 11 bytes) to memory and return it.
  const init = `60${hex(length)}80600b6000396000f3`
  return concat([`0x${init}`, `0x${runtime}`])
}

const hex = (value: number) => {
  if (value > 0xff) throw new Error('offset does not fit in PUSH1')
  return value.toString(16).padStart(2, '0')
}
