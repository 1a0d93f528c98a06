import { z } from 'zod';

import { named } from '../openapi';
import { LOAN_STATUSES } from './projection/loan-status';

const member = z.object({ _id: z.string(), fullname: z.string() });

export const verificationSchema = named(
  'Verification',
  z.object({
    verified: z.boolean(),
    reason: z.string().nullable().describe('Why not, for operators; null when verified.'),
  }),
);

/** The OpenAPI shape of {@link LoanRequestView}: SPEC §3 "Loan request (server record)". */
export const loanRequestViewSchema = named(
  'LoanRequestView',
  z.object({
    _id: z.string(),
    loanChainId: z.string().describe("The loan's id in the contract (a uint256, in decimal)."),
    amount: z.number().describe('USDC.'),
    amountUnits: z.string().describe('The exact 6-decimal units.'),
    duration: z.number().describe('Days.'),
    walletAddress: z.string().describe("The borrower's wallet, as the chain says."),
    description: z.string(),
    borrower: member.nullable().describe('Null while no member has linked the borrowing wallet.'),
    lender: member.nullable().describe('Null before funding or while nobody has linked it.'),
    maxInterestRate: z.number().describe('The highest APR (percent) a lender may fund at.'),
    status: z.enum(LOAN_STATUSES),
    createdAt: z.iso.datetime(),
    interestRate: z.number().nullable().describe('APR percent, once funded.'),
    lenderWalletAddress: z.string().nullable(),
    startDate: z.iso.datetime().nullable(),
    dueDate: z.iso.datetime().nullable(),
    repaymentAmount: z.number().nullable().describe('USDC owed on time, once funded.'),
    repaidAmount: z.number().nullable(),
    penalty: z.number().nullable(),
    repaidAt: z.iso.datetime().nullable(),
    escrowed: z.boolean().nullable(),
    escrowReleased: z.boolean().nullable(),
    chain: z
      .object({
        asOfBlock: z.number(),
        asOfBlockHash: z.string(),
        finality: z.enum(['pending', 'safe', 'finalized', 'unverified']),
      })
      .describe(
        'Where the status was read: "chain-verified" means finality `finalized`; `unverified` ' +
          'while the indexer is halted or behind.',
      ),
  }),
);

export const loanRequestPageSchema = named(
  'LoanRequestPage',
  z.object({
    loanRequests: z.array(loanRequestViewSchema),
    pagination: z.object({
      page: z.number(),
      limit: z.number(),
      total: z.number(),
      pages: z.number(),
    }),
    verification: verificationSchema,
  }),
);

export const fundingIntentSchema = named(
  'FundingIntent',
  z.object({
    loanRequestId: z.string(),
    interestRate: z.number(),
    lenderWalletAddress: z.string(),
  }),
);

export const borrowingStatusSchema = named(
  'BorrowingStatus',
  z.object({
    canBorrow: z.boolean(),
    activeLoan: loanRequestViewSchema
      .nullable()
      .describe("The member's open loan (requested, funded, or defaulted and still owed)."),
  }),
);

/** The chain and contracts the API verifies against, for the browser's wallet. */
export const chainConfigSchema = named(
  'ChainConfig',
  z.object({
    chainId: z.number(),
    chainName: z.string(),
    lendingAddress: z.string(),
    usdcAddress: z.string(),
    deployBlock: z.number(),
    rpcUrl: z.string().describe('The JSON-RPC endpoint browsers may use.'),
    explorerUrl: z.string().nullable().describe('Null when the chain has none (a local node).'),
  }),
);
