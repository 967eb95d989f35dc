import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { ed25519 } from '@noble/curves/ed25519'
import { mnemonicToEntropy, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { describe, expect, it } from 'vitest'
import { generateEntropy, mnemonicOf, seedOf } from './entropy.js'
import { ethereumAddress, ethereumPrivateKey } from './ethereum-keys.js'
import { slip10Derive } from './slip10.js'
import { solanaKeyPair } from './solana-keys.js'
import { sameAddress } from '../same-address.js'
import { addressOfKey, walletAddress } from './wallet-address.js'
import { IMPORTED_KEY_BYTES, shareSetKeysOf } from './wallet-keys.js'

const abandonAbout = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const abandonEntropy = mnemonicToEntropy(abandonAbout, wordlist)

describe('entropy', () => {
  it('is 16 random bytes that spell 12 words', () => {
    const entropy = generateEntropy()
    expect(entropy).toHaveLength(16)
    expect(mnemonicOf(entropy).split(' ')).toHaveLength(12)
    expect(bytesToHex(generateEntropy())).not.toBe(bytesToHex(entropy))
  })

  it('round-trips the BIP-39 test mnemonic', () => {
    expect(bytesToHex(abandonEntropy)).toBe('00000000000000000000000000000000')
    expect(mnemonicOf(abandonEntropy)).toBe(abandonAbout)
  })

  it("derives the BIP-39 seed: WebCrypto's PBKDF2 gives @scure/bip39's seed", async () => {
    for (const entropy of [abandonEntropy, generateEntropy(), generateEntropy()])
      expect(bytesToHex(await seedOf(entropy))).toBe(bytesToHex(mnemonicToSeedSync(mnemonicOf(entropy))))
  })
})

describe('Ethereum keys (BIP-44)', () => {
  it('derive the well-known addresses of the BIP-39 test mnemonic', async () => {
    const seed = await seedOf(abandonEntropy)
    expect(ethereumAddress(ethereumPrivateKey(seed, 0))).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')
    expect(ethereumAddress(ethereumPrivateKey(seed, 1))).toBe('0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0')
  })
})

describe('SLIP-0010 ed25519 (the specification test vectors 1 and 2)', () => {
  const seed = hexToBytes('000102030405060708090a0b0c0d0e0f')
  const vectors = [
    {
      path: 'm',
      chainCode: '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
      privateKey: '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
      publicKey: 'a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
    },
    {
      path: "m/0'",
      chainCode: '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
      privateKey: '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
      publicKey: '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
    },
    {
      path: "m/0'/1'",
      chainCode: 'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14',
      privateKey: 'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
      publicKey: '1932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187',
    },
  ]
  const moreVector1 = [
    {
      path: "m/0'/1'/2'",
      chainCode: '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c',
      privateKey: '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9',
    },
    {
      path: "m/0'/1'/2'/2'",
      chainCode: '8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc',
      privateKey: '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662',
    },
    {
      path: "m/0'/1'/2'/2'/1000000000'",
      chainCode: '68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230',
      privateKey: '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
    },
  ]
  const seed2 = hexToBytes('fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542')
  const vector2 = [
    {
      path: 'm',
      chainCode: 'ef70a74db9c3a5af931b5fe73ed8e1a53464133654fd55e7a66f8570b8e33c3b',
      privateKey: '171cb88b1b3c1db25add599712e36245d75bc65a1a5c9e18d76f9f2b1eab4012',
    },
    {
      path: "m/0'",
      chainCode: '0b78a3226f915c082bf118f83618a618ab6dec793752624cbeb622acb562862d',
      privateKey: '1559eb2bbec5790b0c65d8693e4d0875b1747f4970ae8b650486ed7470845635',
    },
    {
      path: "m/0'/2147483647'",
      chainCode: '138f0b2551bcafeca6ff2aa88ba8ed0ed8de070841f0c4ef0165df8181eaad7f',
      privateKey: 'ea4f5bfe8694d8bb74b7b59404632fd5968b774ed545e810de9c32a4fb4192f4',
    },
    {
      path: "m/0'/2147483647'/1'",
      chainCode: '73bd9fff1cfbde33a1b846c27085f711c0fe2d66fd32e139d3ebc28e5a4a6b90',
      privateKey: '3757c7577170179c7868353ada796c839135b3d30554bbb74a4b1e4a5a58505c',
    },
    {
      path: "m/0'/2147483647'/1'/2147483646'",
      chainCode: '0902fe8a29f9140480a00ef244bd183e8a13288e4412d8389d140aac1794825a',
      privateKey: '5837736c89570de861ebc173b1086da4f505d4adb387c6a1b1342d5e4ac9ec72',
    },
    {
      path: "m/0'/2147483647'/1'/2147483646'/2'",
      chainCode: '5d70af781f3a37b829f0d060924d5e960bdc02e85423494afc0b1a41bbe196d4',
      privateKey: '551d333177df541ad876a60ea71f00447931c0a9da16f227c11ea080d7391b8d',
    },
  ]

  it.each(vectors)('derives $path', ({ path, chainCode, privateKey, publicKey }) => {
    const node = slip10Derive(seed, path)
    expect(bytesToHex(node.chainCode)).toBe(chainCode)
    expect(bytesToHex(node.privateKey)).toBe(privateKey)
    expect(bytesToHex(ed25519.getPublicKey(node.privateKey))).toBe(publicKey)
  })

  it.each([...moreVector1.map((vector) => ({ ...vector, seed })), ...vector2.map((vector) => ({ ...vector, seed: seed2 }))])(
    'derives $path of seed $seed.length bytes',
    ({ seed, path, chainCode, privateKey }) => {
      const node = slip10Derive(seed, path)
      expect(bytesToHex(node.chainCode)).toBe(chainCode)
      expect(bytesToHex(node.privateKey)).toBe(privateKey)
    },
  )

  it('refuses a normal (non-hardened) segment', () => {
    expect(() => slip10Derive(seed, "m/44'/501'/0'/0")).toThrow(/hardened/)
  })

  it('refuses a path that does not start at the master key', () => {
    expect(() => slip10Derive(seed, "44'/501'")).toThrow(/path/)
  })
})

describe('Solana keys', () => {
  it("derive Phantom's address for the BIP-39 test mnemonic (m/44'/501'/0'/0')", async () => {
    expect(solanaKeyPair(await seedOf(abandonEntropy), 0).address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
  })

  it('give each index its own key', async () => {
    const seed = await seedOf(abandonEntropy)
    expect(solanaKeyPair(seed, 1).address).not.toBe(solanaKeyPair(seed, 0).address)
  })
})

describe('walletAddress', () => {
  it('names the address of each chain and compares Ethereum addresses without case', async () => {
    const seed = await seedOf(abandonEntropy)
    expect(walletAddress('ethereum', seed, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')
    expect(walletAddress('solana', seed, 0)).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
    expect(sameAddress('ethereum', '0x9858effd232b4033e47d90003d41ec34ecaeda94', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe(true)
    expect(sameAddress('solana', 'hagk14jpmqlgt6rvgv7cbqfjwfto5dqxi472ut3dkpqk', 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')).toBe(false)
  })
})

describe('shareSetKeysOf (the secret-format rule)', () => {
  it('derives every HD wallet of 16 bytes of entropy on both chains', async () => {
    const keys = (await shareSetKeysOf(abandonEntropy))!
    expect(keys.imported).toBe(false)
    expect(addressOfKey('ethereum', keys.privateKey('ethereum', 1)!)).toBe('0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0')
    expect(addressOfKey('solana', keys.privateKey('solana', 0)!)).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
  })

  it('treats 32 bytes as one imported key: itself at index 0, nothing at other indexes', async () => {
    const secret = hexToBytes('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318')
    const keys = (await shareSetKeysOf(secret))!
    expect(keys.imported).toBe(true)
    expect(bytesToHex(keys.privateKey('ethereum', 0)!)).toBe(bytesToHex(secret))
    expect(addressOfKey('ethereum', keys.privateKey('ethereum', 0)!)).toBe('0x2c7536E3605D9C16a7a3D7b1898e529396a65c23')
    expect(keys.privateKey('ethereum', 1)).toBeNull()
    expect(keys.privateKey('solana', 2)).toBeNull()
    expect(IMPORTED_KEY_BYTES).toBe(32)
  })

  it('hands out copies, and derives nothing after wipe', async () => {
    const keys = (await shareSetKeysOf(new Uint8Array(IMPORTED_KEY_BYTES).fill(7)))!
    keys.privateKey('solana', 0)!.fill(0)
    expect(keys.privateKey('solana', 0)!.every((byte) => byte === 7)).toBe(true)
    keys.wipe()
    expect(keys.privateKey('solana', 0)!.every((byte) => byte === 0)).toBe(true)
  })

  it('opens nothing for a secret of another length', async () => {
    for (const length of [0, 15, 17, 24, 31, 33, 64]) expect(await shareSetKeysOf(new Uint8Array(length))).toBeNull()
  })
})
