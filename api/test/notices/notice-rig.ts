import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { type Address, type Hex, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

import { noticeClockKey } from '../../src/notices/notice-clock';
import { NOTICES_QUEUE, type NoticeJob } from '../../src/notices/notices.queue';
import { type Member, type Pipeline, startPipeline } from '../lending/pipeline';
import { type ReceivedMail, startSmtpSink } from '../smtp-sink';

export const DAY = 86_400;
export const PUBLIC_API_URL = 'https://api.lendpath.test';

/** A member with a wallet of their own on the chain (linked to them unless asked), and their mailbox. */
export interface Party extends Member {
  wallet: Address;
  privateKey: Hex;
  email: string;
}

/** A mail as a member would see it in their inbox list. */
export interface Notice {
  to: string;
  subject: string;
  /** The List-Unsubscribe address (the stop link). */
  stopUrl: string | undefined;
}

/** The value of header `name` in a raw message, its folded lines joined. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

const toNotice = (mail: ReceivedMail): Notice => ({
  to: mail.to.join(','),
  subject: header(mail.raw, 'Subject') ?? '',
  stopUrl: /^<(.+)>$/.exec(header(mail.raw, 'List-Unsubscribe') ?? '')?.[1],
});

/**
 * The lending pipeline (chain, indexer, API) with a mailbox and a notice clock the test moves
 * with the chain's time: `advance` moves the chain (evm_increaseTime) and sets the API's notice
 * clock to the new block's time.
 */
export async function startNoticeRig(apiEnv: NodeJS.ProcessEnv = {}) {
  const smtp = await startSmtpSink();
  const env = {
    SMTP_URL: smtp.url,
    MAIL_RETRY_DELAY_MS: '100',
    NOTICE_CLOCK: 'adjustable',
    PUBLIC_API_URL,
    ...apiEnv,
  };
  let p: Pipeline;
  try {
    p = await startPipeline({ apiEnv: env });
  } catch (error) {
    await smtp.close();
    throw error;
  }
  const pipeline = p;
  const redis = new Redis(pipeline.env.REDIS_URL, { maxRetriesPerRequest: 1 });
  const clockKey = noticeClockKey(pipeline.env.QUEUE_PREFIX);

  /** Sets the notice clock to the chain's latest block time (they then run on together). */
  const syncClock = async () => {
    const block = await pipeline.actions.publicClient.getBlock();
    await redis.set(clockKey, String(Number(block.timestamp) * 1000 - Date.now()));
  };

  const rig = {
    p: pipeline,
    smtp,
    /** Everything delivered so far, in order. */
    notices: (): Notice[] => smtp.received.map(toNotice),
    /** Subjects of what `member` received, in order. */
    subjectsFor: (member: { email: string }) =>
      smtp.received
        .map(toNotice)
        .filter((n) => n.to === member.email)
        .map((n) => n.subject),
    /** Waits until `count` mails in all were delivered. */
    waitForMails: (count: number) => smtp.waitFor(count, 30_000),
    syncClock,
    /** Moves the chain's time and the notice clock together by `seconds`. */
    async advance(seconds: number) {
      await pipeline.chain.rpc('evm_increaseTime', [seconds]);
      await pipeline.chain.mine();
      await syncClock();
    },
    /**
     * A member with a fresh wallet holding ETH and 100 USDC, approved for lending, and linked to
     * them unless `linked` is false ({@link link} links it later).
     */
    async party(
      fullname: string,
      privateKey: Hex = generatePrivateKey(),
      { linked = true }: { linked?: boolean } = {},
    ): Promise<Party> {
      const member = await pipeline.member(fullname);
      const wallet = privateKeyToAccount(privateKey).address;
      await pipeline.chain.rpc('hardhat_impersonateAccount', [wallet]);
      await pipeline.chain.rpc('hardhat_setBalance', [wallet, toHex(10n ** 20n)]);
      await pipeline.actions.mint(wallet, 100_000_000n);
      await pipeline.actions.approve(wallet);
      if (linked) {
        await pipeline.linkWallet(member, privateKey);
      }
      const [row] = await pipeline.db.query<{ email: string }[]>(
        `SELECT email FROM app.users WHERE id = $1`,
        [member.id],
      );
      return { ...member, wallet, privateKey, email: row!.email };
    },
    /** Links the party's wallet to them (SIWE, as the web client does). */
    async link(party: Party) {
      await pipeline.linkWallet(party, party.privateKey);
    },
    /** The API's loan id for a chain loan, once the indexer has brought it in `status`. */
    async loanId(member: Member, loanChainId: bigint, status: string): Promise<string> {
      const loan = await pipeline.until(
        `loan #${loanChainId} ${status}`,
        async () => {
          const { body } = await pipeline.call<{
            loanRequests: { _id: string; loanChainId: string; status: string }[];
          }>(member, 'GET', '/microlending/requests?limit=100');
          return body.data.loanRequests.find((l) => l.loanChainId === `${loanChainId}`);
        },
        (found) => found?.status === status,
        30_000,
      );
      return loan!._id;
    },
    /** The notice jobs waiting for their moment, of one loan. */
    async delayedNotices(app: INestApplication, loanRequestId: string): Promise<Job<NoticeJob>[]> {
      const queue = app.get<Queue<NoticeJob>>(getQueueToken(NOTICES_QUEUE));
      return (await queue.getDelayed()).filter((job) => job.data.loanRequestId === loanRequestId);
    },
    async close() {
      redis.disconnect();
      await pipeline.close();
      await smtp.close();
    },
  };
  return rig;
}

export type NoticeRig = Awaited<ReturnType<typeof startNoticeRig>>;

/** Waits a while (a time in which a wrong notice would have arrived) and answers nothing. */
export const settle = (ms = 2_000) => new Promise((resolve) => setTimeout(resolve, ms));
