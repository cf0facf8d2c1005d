/** Text in both scripts, so the Latin and the Cyrillic files of the font both load. */
const SAMPLE = 'Aa Бб';

/**
 * Resolves when the site's font (regular and bold, Latin and Cyrillic) is ready, or after `timeoutMs`,
 * whichever comes first. The first render waits for it, so text never reflows when the font arrives
 * (a layout shift); on a slow connection the fallback font shows after the timeout instead.
 */
export function fontsReady(timeoutMs = 1200): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  const loads = ['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "Inter Variable"`, SAMPLE));
  const loaded = Promise.all(loads).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}
