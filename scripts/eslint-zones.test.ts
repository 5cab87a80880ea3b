import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules of eslint.config.js, checked on sample files placed where real ones live (nothing is written).
const eslint = new ESLint();
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('import zones', () => {
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
      await problems('server/sample.ts', "import { CASH_PACKS } from '../src/domain/catalogue';\nexport const a = CASH_PACKS;\n"),
    ).toEqual([]);
  });

  it('when a route composes two features, then lint allows it', async () => {
    const code =
      "import { HomePage } from '../features/home/components/home-page';\nimport { AdminControl } from '../features/admin/components/admin-control';\nexport const a = [HomePage, AdminControl];\n";
    expect(await problems('src/routes/sample.tsx', code)).toEqual([]);
  });
});
