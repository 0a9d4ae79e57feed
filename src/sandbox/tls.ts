// A fresh self-signed certificate per start, like the one most panels run with on port 2222.
// selfsigned is imported only here and only when TLS is on: `dactl` start-up time matters.

interface Certificate {
  key: string;
  cert: string;
}

export async function selfSignedCertificate(): Promise<Certificate> {
  // `default` is module.exports both under Node and in an esbuild bundle; a named import would
  // work only under Node, whose CommonJS export detection esbuild does not reproduce.
  const { generate } = (await import('selfsigned')).default;
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    // EC keys are generated in milliseconds; RSA-2048 would cost tests real time.
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      // Marked as a CA so clients can trust it directly with `ca: caCert` / `--ca-cert`.
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
