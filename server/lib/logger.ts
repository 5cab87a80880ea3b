import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config';

export type { Logger };

/** The server's pino logger; passwords, tokens and cookies are redacted wherever they appear. */
export function createLogger(level: LogLevel): Logger {
  return pino({
    level,
    redact: ['req.headers.cookie', 'password', 'newPassword', 'currentPassword', 'token', '*.password', '*.token'],
  });
}
