// The layer rules of eslint.config.js (ARCHITECTURE.md) hold: a forbidden import planted in a
// folder fails lint, a permitted one passes. Only those rules run, without type information,
// so the real config is checked in about a second.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const eslint = new ESLint({
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId.startsWith('no-restricted-'),
});

/** The layer problems of `code` as a file at `path` (which need not exist). */
async function problems(path: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath: path });
  return results.flatMap((r) => r.messages.map((m) => `${String(m.ruleId)}: ${m.message}`));
}

const refused = async (path: string, code: string): Promise<void> => {
  const found = await problems(path, code);
  assert.equal(found.length, 1, `${path}: ${code} → ${found.join('; ') || 'no problem'}`);
  assert.match(found[0] ?? '', /layer rules/);
};

const allowed = async (path: string, code: string): Promise<void> => {
  assert.deepEqual(await problems(path, code), [], `${path}: ${code}`);
};

describe('layer rules', () => {
  it('keep the output layer out of the HTTP transport, however it is imported', async () => {
    const at = 'src/http/planted.ts';
    await refused(at, "import { Writer } from '../output/writer.js';\nexport { Writer };\n");
    await refused(at, "import type { Log } from '../output/log.js';\nexport type { Log };\n");
    await refused(at, "export { Writer } from '../output/writer.js';\n");
    await refused(at, "export const load = () => import('../output/writer.js');\n");
    await refused(at, "import { run } from '../commands/index.js';\nexport { run };\n");
    await allowed(at, "import { isRecord } from '../json/record.js';\nexport { isRecord };\n");
  });

  it('keep the Unit rules pure: no output, no HTTP', async () => {
    await refused('src/unit/planted.ts', "import '../output/format.js';\n");
    await refused('src/unit/pcre2/planted.ts', "import '../../http/transport.js';\n");
    await allowed('src/unit/pcre2/planted.ts', "import '../../validate/settings.js';\n");
  });

  it("keep the client's HTTP and the commands out of the sandbox", async () => {
    await refused('src/sandbox/handlers/planted.ts', "import '../../http/transport.js';\n");
    await refused('src/sandbox/planted.ts', "import '../commands/index.js';\n");
    await allowed('src/sandbox/planted.ts', "import '../redact/redact.js';\n");
  });

  it('let only the sandbox command start the sandbox', async () => {
    await refused('src/commands/unit/planted.ts', "import '../../sandbox/index.js';\n");
    await refused('src/planted.ts', "import './sandbox/index.js';\n");
    await allowed(
      'src/commands/sandbox/_shared/planted.ts',
      "import '../../../sandbox/index.js';\n",
    );
    // From src/commands/, ./sandbox/ is the command, not the sandbox.
    await allowed(
      'src/commands/planted.ts',
      "export const load = () => import('./sandbox/index.js');\n",
    );
  });
});
