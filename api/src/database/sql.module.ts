import { Global, Module } from '@nestjs/common';

import { Sql } from './sql';

/** One {@link Sql} for every module's hot reads (its prepared-statement names are per process). */
@Global()
@Module({ providers: [Sql], exports: [Sql] })
export class SqlModule {}
