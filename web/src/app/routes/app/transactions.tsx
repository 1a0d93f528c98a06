import { Transactions } from '@/features/transactions/components/transactions';

export default function TransactionsRoute() {
  return <Transactions />;
}
