import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServerEnv } from '../../config';
import { registry } from './metrics';
import { OpsEnv } from './settings';

// Issue 51: the files in deploy/ are tested, not only written.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const UNIT = 'deploy/systemd/blockspin-market.service';

/** The environment variables the server reads: `env.NAME`, `env, 'NAME'` and `env['NAME']` in its non-test sources. */
function settingsRead(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.endsWith('.test.ts'))
        for (const match of readFileSync(file, 'utf8').matchAll(/env(?:\.|, '|\[')([A-Z][A-Z0-9_]+)/g)) names.add(match[1]!);
    }
  };
  walk(path.join(ROOT, 'server'));
  // And every variable of the zod schemas the configuration is read through.
  for (const name of [...Object.keys(ServerEnv.shape), ...Object.keys(OpsEnv.shape)]) names.add(name);
  return names;
}

describe('deploy/.env.example', () => {
  it('when the server reads a setting, then .env.example names it with its default, and names nothing else', () => {
    const example = read('deploy/.env.example');
    const named = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!));
    const read_ = settingsRead();
    // The scan finds what config.ts reads (a sample, so a broken scan cannot pass by finding nothing).
    for (const name of ['PORT', 'DATABASE_URL', 'METRICS_TOKEN', 'ALERT_WEBHOOK_URL', 'SHUTDOWN_DRAIN_SECONDS'])
      expect(read_).toContain(name);
    expect(
      [...read_].filter((name) => !named.has(name)),
      'settings the server reads that .env.example does not name',
    ).toEqual([]);
    expect(
      [...named].filter((name) => !read_.has(name)),
      'settings .env.example names that the server does not read',
    ).toEqual([]);
  });
});

describe('deploy/systemd/blockspin-market.service', () => {
  const unit = read(UNIT);

  it('when the unit is read, then it restarts on failure, runs as its own user, and is hardened', () => {
    for (const line of [
      'Restart=on-failure',
      'User=blockspin',
      'ProtectSystem=strict',
      'NoNewPrivileges=yes',
      'PrivateTmp=yes',
      'ProtectHome=yes',
      'CapabilityBoundingSet=',
      'ReadWritePaths=/var/lib/blockspin-market',
      'Environment=DATA_DIR=/var/lib/blockspin-market',
      'KillSignal=SIGTERM',
    ])
      expect(unit.split('\n')).toContain(line);
  });

  const analyze = '/usr/bin/systemd-analyze';
  it.skipIf(!existsSync(analyze))(
    'when systemd-analyze verifies it, then it finds nothing to say (skipped without systemd-analyze)',
    () => {
      const verified = spawnSync(analyze, ['verify', path.join(ROOT, UNIT)], { encoding: 'utf8' });
      expect(verified.stdout + verified.stderr).toBe('');
      expect(verified.status).toBe(0);
    },
  );
});

describe('deploy/grafana/blockspin-market.json', () => {
  it('when the dashboard is imported, then every metric its panels ask for is one the server serves', async () => {
    const dashboard = JSON.parse(read('deploy/grafana/blockspin-market.json')) as {
      uid: string;
      panels: Array<{ type: string; targets?: Array<{ expr: string }> }>;
    };
    expect(dashboard.uid).toBe('blockspin-market');
    const served = new Set((await registry.getMetricsAsJSON()).map((metric) => metric.name));
    const asked = new Set(
      dashboard.panels
        .flatMap((panel) => panel.targets ?? [])
        .flatMap((target) => [...target.expr.matchAll(/\b((?:blockspin|process|nodejs)_[a-z0-9_]+)/g)].map((match) => match[1]!))
        .map((name) => name.replace(/_(bucket|count|sum)$/, '')),
    );
    expect(asked.size).toBeGreaterThan(10);
    expect([...asked].filter((name) => !served.has(name))).toEqual([]);
  });
});
