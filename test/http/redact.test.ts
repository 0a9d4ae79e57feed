// The one redaction rule (src/redact/redact.ts): which names are secret, and every shape a secret
// can take (parsed JSON, forms, query strings, headers, broken text), and echoes of sent values.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeUrlEncoded } from '../../src/http/decode.js';
import {
  cleanPanelText,
  hidden,
  isSecretName,
  maskData,
  maskValues,
  mayEcho,
  redactBody,
  redactHeaders,
  redactParams,
  redactText,
  redactUrl,
  redactValue,
  secretSet,
} from '../../src/redact/redact.js';

const secretNames = [
  'passwd',
  'passwd2',
  'adminPass',
  'password',
  'key',
  'key2',
  'KEY',
  'db_pass',
  'dbpassword',
  'new_password',
  'userPassword',
  'passwd_confirm',
  'site[adminPass]',
  'user.key',
  'api_key',
  'apiKey',
  'X-Api-Key',
  'client_secret',
  'csrf_token',
  'TOKEN',
  // Issue 22: the names that leaked, alone, numbered, as the last word or before id/code/value.
  'apikey',
  'APIKEY',
  'x-apikey',
  'pw',
  'db_pw',
  'pw2',
  'pwd',
  'userPwd',
  'admin-pwd',
  'otp',
  'otp_code',
  'totp',
  'totpCode',
  'mfa',
  'mfa_code',
  'authorization',
  'Proxy-Authorization',
  'cookie',
  'Set-Cookie',
  'session',
  'session_id',
  'sessionID',
  'sessionid',
  'X-Session',
  'credential',
  'credentials',
  'user_credentials',
  'passphrase',
  'ssh.passphrase',
  'site[pwd]',
];
// Names the panel and Unit use for plain data, which tests and users read in previews.
const plainNames = [
  'username',
  'domain',
  'json',
  'select0',
  'keyboard',
  'keyname',
  'key_name',
  'monkey',
  'pass',
  'action',
  'email',
  // Names that hold the letters but not as a word, or say something about a secret.
  'pwdless',
  'cwd',
  'OLDPWD',
  'OTPTrustDays',
  'auth2FA',
  'twoStepAuth',
  'mfa_method',
  'session_timeout',
  'sessionCount',
  'cookie_domain',
  'passwordCheckMinLength',
  'password_max_length',
  'token_ttl',
  'credential_type',
  'authorized',
  'loginKeys',
  'keyType',
  'keyfile',
  'sessions',
];

describe('isSecretName', () => {
  it('knows every secret-shaped name of design.md, and a few more', () => {
    assert.deepEqual(
      secretNames.filter((n) => !isSecretName(n)),
      [],
    );
  });
  it('leaves plain names alone, Unit’s route action `pass` included', () => {
    assert.deepEqual(plainNames.filter(isSecretName), []);
  });
});

describe('values that are not secrets, and private keys whatever their name', () => {
  it('shows true, false and null under a secret name: they say whether, not what', () => {
    assert.deepEqual(
      redactValue({ apiAllowPassword: true, loginKey: false, otp: null, key2: 12345678 }),
      { apiAllowPassword: true, loginKey: false, otp: null, key2: hidden },
    );
    assert.equal(
      redactText('{"apiAllowPassword": true, "passwd": false, "pw": 1234, broken'),
      '{"apiAllowPassword": true, "passwd": false, "pw": ***, broken',
    );
    assert.equal(redactText('password: null\ntoken: abc'), 'password: null\ntoken: ***');
  });
  it('keeps the shape and flags of a list or object under a secret name, its text hidden', () => {
    const seen: string[] = [];
    assert.deepEqual(
      redactValue(
        { otp: { code: '123456', remember: true }, tokens: ['abc', 7, null, [{ on: false }]] },
        (v) => seen.push(v),
      ),
      { otp: { code: hidden, remember: true }, tokens: [hidden, hidden, null, [{ on: false }]] },
    );
    assert.deepEqual(seen, ['123456', 'abc', '7']);
  });
  it('leaves a --debug body of the user config readable: no flag nor limit shows as ***', () => {
    const config =
      '{"apiAllowPassword":true,"allowPasswordReset":false,"passwordCheckMinLength":8}';
    assert.equal(redactBody(config, 'application/json'), config);
  });

  const pem = (label: string, body: string): string =>
    `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`;
  const cert = pem('CERTIFICATE', 'MIIBszCCAVmgAwIBAgIUPUBLIC');
  it('hides a PEM private key in any field and any text; a certificate stays', () => {
    for (const label of [
      'PRIVATE KEY',
      'RSA PRIVATE KEY',
      'EC PRIVATE KEY',
      'ENCRYPTED PRIVATE KEY',
      'OPENSSH PRIVATE KEY',
      'PGP PRIVATE KEY BLOCK',
    ]) {
      const key = pem(label, 'MIIEvQIBADANBgkqhkiG9w0SECRETKEY\nb3BlbnNzaC1rZXktdjE=');
      const both = `${key}\n${cert}`;
      const shown = `-----BEGIN ${label}-----***-----END ${label}-----\n${cert}`;
      assert.equal(redactText(both), shown);
      assert.deepEqual(redactValue({ certificate: both }), { certificate: shown });
      const form = redactParams(new URLSearchParams({ certificate: both }));
      assert.equal(new URLSearchParams(form).get('certificate'), shown);
      // Sent form-encoded, echoed JSON-escaped, or cut short by the trace.
      assert.ok(!redactText(new URLSearchParams({ c: both }).toString()).includes('SECRETKEY'));
      assert.ok(!redactBody(JSON.stringify({ error: both }), 'text/plain').includes('SECRETKEY'));
      assert.ok(!redactText(`{"error": ${JSON.stringify(both)}`).includes('SECRETKEY'));
      assert.equal(redactText(key.slice(0, 60)), `-----BEGIN ${label}-----***`);
      assert.ok(!cleanPanelText(`bad key: ${both}`, new Set()).includes('SECRETKEY'));
    }
    assert.equal(redactText(cert), cert);
  });
});

describe('redactValue, redactParams, redactHeaders, redactUrl', () => {
  it('hides secret members at any depth, and secret-shaped text inside strings', () => {
    assert.deepEqual(
      redactValue({
        username: 'u',
        passwd: 'p',
        nested: [{ adminPass: 'x', title: 't', user: { userPassword: 'y' } }],
        json: '{"environment":{"DB_PASSWORD":"z"}}',
      }),
      {
        username: 'u',
        passwd: hidden,
        nested: [{ adminPass: hidden, title: 't', user: { userPassword: hidden } }],
        json: '{"environment":{"DB_PASSWORD":"***"}}',
      },
    );
  });
  it('hides secret parameters, and secrets in a JSON text sent as one (Unit’s json field)', () => {
    assert.equal(
      redactParams(new URLSearchParams('passwd=a&passwd2=b&user=c&key2=d')),
      'passwd=***&passwd2=***&user=c&key2=***',
    );
    const unit = new URLSearchParams({
      json: JSON.stringify({ environment: { DB_PASSWORD: 'hunter22' }, pass: 'applications/x' }),
    });
    const shown = new URLSearchParams(redactParams(unit)).get('json') ?? '';
    assert.deepEqual(JSON.parse(shown), {
      environment: { DB_PASSWORD: hidden },
      pass: 'applications/x',
    });
  });
  it('hides credential headers and secret-named ones', () => {
    assert.deepEqual(
      redactHeaders({
        Authorization: 'Basic x',
        Cookie: 'c',
        'set-cookie': ['s'],
        'X-Auth-Token': 't',
        accept: 'a',
      }),
      {
        Authorization: hidden,
        Cookie: hidden,
        'set-cookie': hidden,
        'X-Auth-Token': hidden,
        accept: 'a',
      },
    );
  });
  it('hides a URL’s password and secret query parameters', () => {
    assert.equal(
      redactUrl(new URL('https://admin:pw@panel:2222/CMD_X?new_password=a&key2=b&json=yes')),
      'https://admin:***@panel:2222/CMD_X?new_password=***&key2=***&json=yes',
    );
    assert.equal(redactUrl(new URL('https://panel:2222/CMD_X')), 'https://panel:2222/CMD_X');
  });
});

describe('redactBody and redactText: any body shape', () => {
  it('JSON at any depth; shown exactly as given when nothing is secret', () => {
    assert.equal(
      redactBody('{"user":"fred","site":{"adminPass":"s3cret"}}', 'application/json'),
      '{"user":"fred","site":{"adminPass":"***"}}',
    );
    const json = '{ "id": 12345678901234567890 }';
    assert.equal(redactBody(json, 'application/json'), json);
  });
  it('a form, by its parameters', () => {
    assert.equal(
      redactBody('username=fred&passwd=s3cret\n', 'application/x-www-form-urlencoded'),
      'username=fred&passwd=***',
    );
    assert.equal(redactBody('a=1&b=2', 'application/x-www-form-urlencoded'), 'a=1&b=2');
  });
  it('JSON that does not parse, whatever its declared type', () => {
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain']) {
      assert.equal(
        redactBody('{"passwd": "s3cret", "key2": 123456, broken', type),
        '{"passwd": "***", "key2": ***, broken',
      );
    }
    assert.equal(redactBody('{broken', 'application/json'), '{broken');
    // Cut short inside the value: hidden to the end of the line.
    assert.equal(redactText('{"user": {"userPassword": "s3cr'), '{"user": {"userPassword": "***');
    assert.equal(redactText("{'db_pass': 'x1', 'a': 'b'}"), "{'db_pass': '***', 'a': 'b'}");
    // Names without quotes, as in a JavaScript object or YAML.
    assert.equal(redactText('{passwd: s3cret, user: fred}'), '{passwd: ***, user: fred}');
    assert.equal(redactText("token: 'abc'\nkey2:v"), "token: '***'\nkey2:***");
  });
  it('name=value in free text, Basic and Bearer credentials, user:password@ in a URL', () => {
    assert.equal(
      redactText('refused: passwd=abc&new_password=p%40ss is weak; key=v1'),
      'refused: passwd=***&new_password=*** is weak; key=***',
    );
    assert.equal(redactText('Authorization: Basic YWRtaW46cHc='), 'Authorization: Basic ***');
    assert.equal(redactText('Bearer eyJhbGciOi.x.y'), 'Bearer ***');
    assert.equal(redactText('at https://admin:pw@host:2222/x'), 'at https://admin:***@host:2222/x');
    assert.equal(redactText('keyboard=us pass=applications/x'), 'keyboard=us pass=applications/x');
  });
  it('never shows the value of a secret-named field, whatever the value (property)', () => {
    const value = fc.stringMatching(/^[\x20-\x7e]{6,30}$/);
    fc.assert(
      fc.property(fc.constantFrom(...secretNames), value, (name, secret) => {
        const shapes = [
          redactBody(JSON.stringify({ a: { [name]: secret } }), 'application/json'),
          redactBody(`{"${name}": ${JSON.stringify(secret)}, broken`, 'text/plain'),
          redactBody(
            new URLSearchParams({ [name]: secret }).toString(),
            'application/x-www-form-urlencoded',
          ),
          redactUrl(new URL(`https://h/p?${new URLSearchParams({ [name]: secret }).toString()}`)),
        ];
        return shapes.every((s) => !s.includes(secret) && !s.includes(encodeURIComponent(secret)));
      }),
      { seed: 10, numRuns: 300 },
    );
  });
  it('reports the values it hides, to mask their echoes', () => {
    const seen: string[] = [];
    redactBody('{"passwd": "s3cret-1", broken', 'text/plain', (v) => seen.push(v));
    redactValue({ a: { key2: 'key-value-2' } }, (v) => seen.push(v));
    redactUrl(new URL('https://h/p?db_pass=p%40ss-word'), (v) => seen.push(v));
    // A quoted value as the panel reads it, its escapes undone.
    redactText('{"pw": "a\\"b\\\\c\\u0026d", broken', (v) => seen.push(v));
    assert.deepEqual(seen, ['s3cret-1', 'key-value-2', 'p@ss-word', 'a"b\\c&d']);
  });
});

describe('masking echoes of sent secrets', () => {
  const secrets = secretSet(['hunter2-x', 'short', hidden, 'a b&c=d']);
  it('keeps values long enough to mask without garbling text', () => {
    assert.deepEqual([...secrets], ['hunter2-x', 'a b&c=d']);
  });
  it('masks them as is and URL-encoded, in text and in decoded data', () => {
    assert.equal(maskValues('got hunter2-x and a%20b%26c%3Dd', secrets), 'got *** and ***');
    assert.deepEqual(maskData({ said: ['hunter2-x!'], n: 1, ['a b&c=d']: true }, secrets), {
      said: ['***!'],
      n: 1,
      [hidden]: true,
    });
  });
  it('cleans panel text for an error message: secrets hidden, controls escaped', () => {
    assert.equal(
      cleanPanelText('Refused\u001b[31m passwd=x1\nhint: run hunter2-x', secrets),
      'Refused\\x1b[31m passwd=***\\nhint: run ***',
    );
    // The whole echo, not only up to its & as passwd=value alone would hide.
    assert.equal(
      cleanPanelText('Refused passwd=a b&c=d (weak)', secrets),
      'Refused passwd=*** (weak)',
    );
  });

  const awkward = `p"w\\&<>'d é+%`;
  const set = secretSet([awkward]);
  it('masks them JSON-escaped, as HTML entities, percent- and form-encoded (issue 22)', () => {
    for (const echo of [
      'p\\"w\\\\&<>\'d \\u00e9+%',
      'p\\u0022w\\\\\\u0026\\u003C\\u003E\\u0027d \\u00E9+%',
      'p&quot;w\\&amp;&lt;&gt;&#039;d é+%',
      'p&#34;w&#92;&#x26;&#60;&#62;&#x27;d &#233;&#43;&#37;',
      'p%22w%5C%26%3C%3E%27d%20%C3%A9%2B%25',
      "p%22w%5c%26%3c%3e'd+%c3%a9%2b%25",
      'p%26%2334%3Bw%5C%26amp%3B%26lt%3B%26gt%3B%26%2339%3Bd%20%C3%A9%2B%25',
    ]) {
      assert.equal(maskValues(`said [${echo}].`, set), 'said [***].', echo);
    }
  });
  it('cannot be made to search for ever by runs of backslashes around a secret holding many', () => {
    // Each run of the secret's backslashes is one piece: were each backslash matched on its own,
    // a near miss of 60 for a run of 20 would send the search through every split (years).
    const many = `Q${'\\'.repeat(20)}Z!`;
    const nearMiss = `Q${'\\'.repeat(60)}Z?`;
    assert.equal(
      maskValues(`${nearMiss} ${JSON.stringify(many)}`, secretSet([many])),
      `${nearMiss} "***"`,
    );
  });
  it('masks an echo that decodes to the secret, in the decoded data', () => {
    const body = `error=1&details=${encodeURIComponent('got p&#34;w\\&#38;&#60;&#62;&#39;d é+%')}`;
    assert.ok(mayEcho(body, set));
    assert.deepEqual(maskData(decodeUrlEncoded(body), set), { error: '1', details: 'got ***' });
    assert.ok(!mayEcho('nothing of it here', set));
  });
});
