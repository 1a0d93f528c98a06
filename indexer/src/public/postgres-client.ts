/**
 * `@lendpath/indexer/postgres-client`: the pg Client both apps' pools make their connections
 * with (TypeORM's `extra: { Client }`). Published here for the api as the log format is.
 * Nothing here may import the indexer's app.
 */
import { Logger } from '@nestjs/common';
import { Client, type ClientConfig } from 'pg';

const logger = new Logger('Postgres');

/**
 * pg's Client, listened to for errors from the moment it exists.
 *
 * pg-pool hands a new connection to its first taker inside the socket read that completed the
 * connection. A taker through a promise (TypeORM's query runner, the api's `Sql.transaction`)
 * adds its own 'error' listener a microtask later, after that read. When Postgres is shutting
 * down, its FATAL can arrive in the same read as the connection's ReadyForQuery. pg then emits
 * 'error' on a connection nobody listens to yet, and an 'error' event with no listener ends the
 * process. This was seen as the api's "Postgres restarts" fault test failing about once in
 * fifteen runs. With this listener the error is only logged here: the connection's holder
 * learns of it from its next statement, which fails, and then releases the connection with that
 * error, so the pool drops it.
 */
export class ListenedClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', (error: Error) => {
      logger.debug(`connection error: ${error.message}`);
    });
  }
}
