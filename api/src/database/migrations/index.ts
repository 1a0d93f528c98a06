import type { MigrationInterface } from 'typeorm';

import { CreateAccounts1763805600000 } from './1763805600000-create-accounts';
import { CreateRefreshSessions1763809200000 } from './1763809200000-create-refresh-sessions';
import { AddCodeCheckedAt1763812800000 } from './1763812800000-add-code-checked-at';
import { CreateUserBlocks1763816400000 } from './1763816400000-create-user-blocks';
import { CreateLoanRequests1763820000000 } from './1763820000000-create-loan-requests';
import { CreateAcademyAndCommunity1763823600000 } from './1763823600000-create-academy-and-community';
import { CreateMemberWallets1763827200000 } from './1763827200000-create-member-wallets';
import { AddPostMediaSize1763830800000 } from './1763830800000-add-post-media-size';
import { AddLoanPageIndex1763834400000 } from './1763834400000-add-loan-page-index';
import { AddLoanCounts1763838000000 } from './1763838000000-add-loan-counts';
import { LoanStatusCheckFromContracts1763841600000 } from './1763841600000-loan-status-check-from-contracts';
import { AddLoanNotices1763845200000 } from './1763845200000-add-loan-notices';
import { ShardLoanCounts1763848800000 } from './1763848800000-shard-loan-counts';

/**
 * Every migration of schema `app`, oldest first. Listed explicitly (not globbed) so the compiled
 * app and the TypeScript tests load the same set.
 */
export const migrations: (new () => MigrationInterface)[] = [
  CreateAccounts1763805600000,
  CreateRefreshSessions1763809200000,
  AddCodeCheckedAt1763812800000,
  CreateUserBlocks1763816400000,
  CreateLoanRequests1763820000000,
  CreateAcademyAndCommunity1763823600000,
  CreateMemberWallets1763827200000,
  AddPostMediaSize1763830800000,
  AddLoanPageIndex1763834400000,
  AddLoanCounts1763838000000,
  LoanStatusCheckFromContracts1763841600000,
  AddLoanNotices1763845200000,
  ShardLoanCounts1763848800000,
];
