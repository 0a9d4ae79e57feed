/** `text` as one POSIX shell word in single quotes, whatever it holds ('it'\''s'). */
export const singleQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
