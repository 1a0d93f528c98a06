/**
 * `@lendpath/indexer/log-format`: the log line format of both apps, so the api's and the
 * indexer's lines read alike. Published here because the api already builds on the indexer's
 * public entries (a package of its own for these few lines would weigh more than it saves).
 * Nothing here may import the indexer's app.
 */
import { hostname } from 'node:os';

import { type DestinationStream, type LevelWithSilent, type LoggerOptions, pino } from 'pino';
import pretty from 'pino-pretty';

export interface LineFormatEnv {
  /** The least severe line written. */
  LOG_LEVEL: LevelWithSilent;
  /** `json`: one JSON object a line (production); `pretty`: readable lines (development). */
  LOG_FORMAT: 'json' | 'pretty';
}

/**
 * pino's options and destination: JSON lines with the app's name, an ISO time and the level by
 * name (`{"level":"info","time":"…","app":"api","pid":…,"hostname":"…","context":"Main",…}`), or
 * readable lines (`[12:00:01.234] INFO: [MailProcessor] mail 7 (sign-up-code) sent {"reqId":"…"}`). Writes are
 * synchronous, so nothing logged just before a crash is lost. `destination`: tests read lines.
 */
export function lineFormat(
  app: 'api' | 'indexer',
  env: LineFormatEnv,
  destination?: DestinationStream,
): [LoggerOptions, DestinationStream] {
  const options: LoggerOptions = {
    level: env.LOG_LEVEL,
    base: { app, pid: process.pid, hostname: hostname() },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  if (destination !== undefined) {
    return [options, destination];
  }
  return [
    options,
    env.LOG_FORMAT === 'pretty'
      ? pretty({
          sync: true,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname,app,context',
          messageFormat: '{if context}[{context}] {end}{msg}',
        })
      : pino.destination({ dest: 1, sync: true }),
  ];
}
