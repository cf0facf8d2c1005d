/** The token of a mailed link: after the `#`, so that it never reaches a server log or a Referer header. */
export function linkTokenOf(hash: string): string {
  return hash.replace(/^#/, '');
}
