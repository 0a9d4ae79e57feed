// The panel's configuration files (user.conf, *.pkg, reseller.conf, directadmin.conf): one
// `key=value` per line. Blank lines and lines without `=` are skipped; a repeated key keeps its
// last value, as the panel reads them.

export function parseConf(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    values.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  return values;
}
