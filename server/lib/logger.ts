import { pino, type LevelWithSilent, type Logger } from 'pino';

export type { Logger };

/** pino's levels, as LOG_LEVEL names them (server/config.ts reads it). */
export type LogLevel = LevelWithSilent;

/** The server's pino logger; passwords, tokens and cookies are redacted wherever they appear. */
export function createLogger(level: LogLevel): Logger {
  return pino({
    level,
    redact: ['req.headers.cookie', 'password', 'newPassword', 'currentPassword', 'token', '*.password', '*.token'],
  });
}
