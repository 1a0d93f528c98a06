import { z } from 'zod';

const required = 'Please fill in all required fields';

/** Fields several lending bodies share, with the same messages everywhere. */
export const walletAddress = z
  .string({ error: required })
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Wallet address must be a 0x address of 40 hex digits' });

export const loanChainId = z
  .union([z.number().int().min(1), z.string().regex(/^[1-9]\d{0,76}$/)], {
    error: 'loanChainId must be the loan id from the contract (a whole number from 1)',
  })
  .transform((value) => BigInt(value));

export const transactionHash = z
  .string({ error: 'transactionHash is required' })
  .regex(/^0x[0-9a-fA-F]{64}$/, { error: 'transactionHash must be a 0x hash of 64 hex digits' })
  .transform((value) => value.toLowerCase() as `0x${string}`);

/** SPEC §5: APR 1–20 %, in steps of 0.5. */
export const interestRate = z.coerce
  .number({ error: 'interestRate must be a number' })
  .min(1, { error: 'Interest rate must be between 1 and 20 percent' })
  .max(20, { error: 'Interest rate must be between 1 and 20 percent' })
  .refine((value) => Number.isInteger(value * 2), {
    error: 'Interest rate must be a multiple of 0.5 percent',
  });
