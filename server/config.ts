export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Everything the server reads from its environment (DESIGN §2). */
export interface Config {
  port: number;
  host: string;
  /** Database file and stored photos. */
  dataDir: string;
  /** The fixed super admin's name. */
  superAdminUsername: string;
  /** Sets the super admin's password at start when it has none. */
  superAdminPassword?: string;
  logLevel: LogLevel;
  /** The built client to serve, or null to serve the API only. */
  staticDir: string | null;
  /** Rate limits on login and signup; tests turn them off. */
  rateLimit: boolean;
  /** The address users reach the app at (e.g. https://market.example); used for the setup link and the same-origin check. */
  publicOrigin?: string;
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const DEFAULT_CONFIG: Config = {
  port: 3000,
  host: '0.0.0.0',
  dataDir: './data',
  superAdminUsername: 'admin',
  logLevel: 'info',
  staticDir: 'dist',
  rateLimit: true,
};

/** Reads the configuration from environment variables, falling back to the defaults. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULT_CONFIG.port : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const logLevel = (env.LOG_LEVEL ?? DEFAULT_CONFIG.logLevel) as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const serveStatic = !['false', '0', 'no'].includes((env.SERVE_STATIC ?? 'true').toLowerCase());
  return {
    port,
    host: env.HOST || DEFAULT_CONFIG.host,
    dataDir: env.DATA_DIR || DEFAULT_CONFIG.dataDir,
    superAdminUsername: env.SUPER_ADMIN_USERNAME || DEFAULT_CONFIG.superAdminUsername,
    superAdminPassword: env.SUPER_ADMIN_PASSWORD || undefined,
    logLevel,
    staticDir: serveStatic ? env.STATIC_DIR || 'dist' : null,
    rateLimit: !['false', '0', 'no'].includes((env.RATE_LIMIT ?? 'true').toLowerCase()),
    publicOrigin: env.PUBLIC_ORIGIN || undefined,
  };
}
