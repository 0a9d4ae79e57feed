// A panel URL without a scheme (`127.0.0.1:2222`) is taken as https://, as gh, doctl and hcloud
// take a bare host, and the run says so; a wrong scheme or a broken URL is still refused (exit 2).
// The prompt's side runs at a terminal in test/e2e/interactive.test.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { normaliseUrl, panelUrl } from '../../src/validate/settings.js';
import { runInProcess } from '../helpers/in-process.js';

describe('normaliseUrl', () => {
  it('puts https:// before a URL without a scheme, and drops trailing slashes', () => {
    const cases: [string, string][] = [
      ['127.0.0.1:2222', 'https://127.0.0.1:2222'],
      ['panel.example.com:2222/', 'https://panel.example.com:2222'],
      ['localhost', 'https://localhost'],
      ['[2001:db8::1]:2222', 'https://[2001:db8::1]:2222'],
      ['https://panel.example.com:2222//', 'https://panel.example.com:2222'],
      ['http://127.0.0.1:2222', 'http://127.0.0.1:2222'],
      ['HTTPS://Panel.example.com', 'HTTPS://Panel.example.com'],
      ['ftp://panel', 'ftp://panel'],
    ];
    for (const [given, url] of cases) assert.equal(normaliseUrl(given), url, given);
  });
  it('leaves the rest to panelUrl: other schemes, blanks and credentials are still refused', () => {
    for (const bad of ['ftp://panel', 'not a url', 'admin:pw@panel:2222', '']) {
      assert.ok(panelUrl(normaliseUrl(bad)), bad);
    }
  });
});

describe('--url without a scheme', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dactl-panel-url-'));
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const env = { HOME: dir, DACTL_CONFIG_DIR: join(dir, 'config'), CI: 'true' };
  const add = (name: string, url: string) =>
    runInProcess(
      [
        'profile',
        'add',
        name,
        '--url',
        url,
        '--username',
        'admin',
        '--password-stdin',
        '--no-verify',
      ],
      { env, input: 'Admin-pass-123' },
    );
  const saved = async (name: string): Promise<string> => {
    const shown = await runInProcess(['profile', 'show', name, '-o', 'json'], { env });
    assert.equal(shown.code, 0, shown.stderr);
    return (JSON.parse(shown.stdout) as { url: string }).url;
  };

  it('is saved as https://, and the run says so', async () => {
    const bare = await add('bare', '127.0.0.1:2222');
    assert.equal(bare.code, 0, bare.stderr);
    assert.match(bare.stderr, /No scheme given: using https:\/\/127\.0\.0\.1:2222\./);
    assert.equal(await saved('bare'), 'https://127.0.0.1:2222');
  });
  it('keeps a scheme that is given, without a note', async () => {
    const plain = await add('plain', 'http://127.0.0.1:2222/');
    assert.equal(plain.code, 0, plain.stderr);
    assert.doesNotMatch(plain.stderr, /No scheme/);
    assert.equal(await saved('plain'), 'http://127.0.0.1:2222');
  });
  it('refuses another scheme or a broken URL with exit 2, saving nothing', async () => {
    for (const url of ['ftp://panel', 'panel example']) {
      const refused = await add('refused', url);
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(refused.stderr, /--url /);
    }
    const list = await runInProcess(['profile', 'list', '-o', 'json'], { env });
    const names = (JSON.parse(list.stdout) as { name: string }[]).map((p) => p.name);
    assert.deepEqual(names.sort(), ['bare', 'plain']);
  });
});
