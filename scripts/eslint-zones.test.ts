import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules of eslint.config.js, checked on sample files placed where real ones live (nothing is written).
// The zones are checked without import/no-cycle, which parses every file a sample reaches (seconds on a busy machine);
// the cycle tests reach only a few files of server/lib.
const zonesOnly = new ESLint({ overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
const everyRule = new ESLint();
const LINT_TIMEOUT = { timeout: 30_000 };
async function problems(filePath: string, code: string, eslint = zonesOnly): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('import zones', LINT_TIMEOUT, () => {
  it('when a feature imports another feature, then lint refuses it and says where shared code goes', async () => {
    const found = await problems(
      'src/features/home/components/sample.tsx',
      "import { AdminControl } from '../../admin/components/admin-control';\nexport const a = AdminControl;\n",
    );
    expect(found).toEqual([
      expect.stringContaining(
        'import/no-restricted-paths: Unexpected path "../../admin/components/admin-control" imported in restricted zone. A feature does not import another feature',
      ),
    ]);
  });

  it('when any feature folder imports another, then lint refuses it: every folder is guarded, inbox included', async () => {
    const features = readdirSync('src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features).toContain('inbox');
    for (const feature of features) {
      const other = features.find((name) => name !== feature)!;
      // A real file of the other feature: an import the resolver cannot follow is not judged.
      const target = readdirSync(`src/features/${other}`, { recursive: true, encoding: 'utf8' }).find((file) =>
        /(?<!\.test)\.tsx?$/.test(file),
      )!;
      const found = await problems(
        `src/features/${feature}/sample.ts`,
        `import * as other from '@/features/${other}/${target.replace(/\.tsx?$/, '')}';\nexport const a = other;\n`,
      );
      expect(found, feature).toEqual([expect.stringContaining('import/no-restricted-paths')]);
    }
  });

  it('when a feature imports another feature through the "@/" alias, then lint refuses it too; shared code through it is allowed', async () => {
    expect(
      await problems(
        'src/features/home/components/sample.tsx',
        "import { AdminControl } from '@/features/admin/components/admin-control';\nexport const a = AdminControl;\n",
      ),
    ).toEqual([expect.stringContaining('import/no-restricted-paths: Unexpected path "@/features/admin/components/admin-control"')]);
    expect(
      await problems(
        'src/features/home/components/sample.tsx',
        "import { subscribeSocket } from '@/lib/socket';\nexport const a = subscribeSocket;\n",
      ),
    ).toEqual([]);
  });

  it('when shared code imports a feature or the app, then lint refuses it', async () => {
    expect(
      await problems(
        'src/components/sample.ts',
        "import { LoginPage } from '../features/auth/components/login-page';\nexport const a = LoginPage;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems('src/lib/sample.ts', "import { createAppRouter } from '../app/router';\nexport const a = createAppRouter;\n"),
    ).toHaveLength(1);
  });

  it('when the server imports client code other than the domain, then lint refuses it; the domain is allowed', async () => {
    expect(
      await problems('server/sample.ts', "import { getUserData } from '../src/lib/current-user';\nexport const a = getUserData;\n"),
    ).toHaveLength(1);
    expect(
      await problems('server/sample.ts', "import { normaliseName } from '../src/domain/catalogue';\nexport const a = normaliseName;\n"),
    ).toEqual([]);
  });

  it('when a route composes two features, then lint allows it', async () => {
    const code =
      "import { HomePage } from '../features/home/components/home-page';\nimport { AdminControl } from '../features/admin/components/admin-control';\nexport const a = [HomePage, AdminControl];\n";
    expect(await problems('src/routes/sample.tsx', code)).toEqual([]);
  });

  it('when server/lib imports a module, then lint refuses it and says how the module passes what lib needs', async () => {
    expect(
      await problems(
        'server/lib/sample.ts',
        "import { readCookie } from '../modules/auth/session-cookie';\nexport const a = readCookie;\n",
      ),
    ).toEqual([
      expect.stringContaining(
        'import/no-restricted-paths: Unexpected path "../modules/auth/session-cookie" imported in restricted zone. server/lib imports no module',
      ),
    ]);
    expect(await problems('server/lib/sample.ts', "import { loadConfig } from '../config';\nexport const a = loadConfig;\n")).toHaveLength(
      1,
    );
  });

  it('when a module imports server/lib, then lint allows it', async () => {
    expect(
      await problems(
        'server/modules/sample/service.ts',
        "import { badRequest } from '../../lib/app-error';\nexport const a = badRequest;\n",
      ),
    ).toEqual([]);
  });
});

describe('import cycles', LINT_TIMEOUT, () => {
  it('when two files import each other, then lint refuses it', async () => {
    // server/lib/error-handler.ts imports AppError from app-error.ts: app-error importing it back closes a loop.
    const found = await problems(
      'server/lib/app-error.ts',
      "import { errorHandler } from './error-handler';\nexport const a = errorHandler;\n",
      everyRule,
    );
    expect(found).toEqual([expect.stringContaining('import/no-cycle: Dependency cycle detected')]);
  });

  it('when the import back is of types only, then lint allows it (it vanishes at run time)', async () => {
    expect(
      await problems(
        'server/lib/app-error.ts',
        "import type { errorHandler } from './error-handler';\nexport type A = typeof errorHandler;\n",
        everyRule,
      ),
    ).toEqual([]);
  });
});
