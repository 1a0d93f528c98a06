import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { lendingErrors } from '../../lending-errors';
import {
  LOAN_REQUEST_SELECT,
  type LoanRequestRow,
  type LoanRequestView,
  toLoanRequestView,
} from '../../loan-request-view';

/** One loan request by its `_id`. */
export class GetLoanRequestQuery extends Query<LoanRequestView> {
  constructor(readonly id: string) {
    super();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@QueryHandler(GetLoanRequestQuery)
export class GetLoanRequestHandler implements IQueryHandler<GetLoanRequestQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ id }: GetLoanRequestQuery): Promise<LoanRequestView> {
    if (!UUID.test(id)) {
      throw lendingErrors.notFound();
    }
    const [row] = await this.dataSource.query<LoanRequestRow[]>(
      `${LOAN_REQUEST_SELECT} WHERE r.id = $1 AND r.status IS NOT NULL`,
      [id],
    );
    if (row === undefined) {
      throw lendingErrors.notFound();
    }
    return toLoanRequestView(row);
  }
}
