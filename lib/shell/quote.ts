const SIMPLE_WORD = /^[\w@%+=:,./-]+$/;

/** A word as a POSIX shell reads it back unchanged: as it is when plain, else in single quotes. */
export function shellWord(word: string): string {
  return SIMPLE_WORD.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
