import { Checks, type Errors } from '@/lib/validation';

export interface LoanFormValues {
  amount: string;
  duration: string;
  walletAddress: string;
  description: string;
}
export type LoanFormField = keyof LoanFormValues;

/** SPEC §5 "Loan request form". */
export const LOAN_LIMITS = {
  amount: { min: 0.01, max: 10, step: 0.01, hint: 'Min: 0.01 USDC, Max: 10 USDC' },
  duration: { min: 7, max: 90, step: 1, hint: 'Min: 7 days, Max: 90 days' },
} as const;

export const loanMessages = {
  required: 'Please fill in all required fields',
  connect: 'Please connect your wallet first',
  network: 'Please ensure you are connected to the correct network and try again',
} as const;

const outside = (raw: string, { min, max, step }: { min: number; max: number; step: number }) => {
  const value = Number(raw);
  return (
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    Math.abs(value / step - Math.round(value / step)) > 1e-9
  );
};

/**
 * The form's checks in SPEC's order: every field filled, then the bounds the inputs carry (their
 * hints say them), then a connected wallet on the right network.
 */
export function validateLoanRequest(
  values: LoanFormValues,
  wallet: { connected: boolean; onChain: boolean },
): Errors<LoanFormField> {
  const checks = new Checks<LoanFormField>();
  for (const field of ['amount', 'duration', 'walletAddress', 'description'] as const) {
    checks.rule(field, values[field].trim() === '', loanMessages.required);
  }
  if (Object.keys(checks.errors).length > 0) {
    return checks.errors;
  }
  checks
    .rule('amount', outside(values.amount, LOAN_LIMITS.amount), LOAN_LIMITS.amount.hint)
    .rule('duration', outside(values.duration, LOAN_LIMITS.duration), LOAN_LIMITS.duration.hint)
    .rule('walletAddress', !wallet.connected, loanMessages.connect)
    .rule('walletAddress', !wallet.onChain, loanMessages.network);
  return checks.errors;
}
