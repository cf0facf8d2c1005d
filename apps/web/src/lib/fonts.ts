/** Text that makes the browser fetch the font files a language needs: Latin always, Cyrillic for Russian. */
const SAMPLES: Record<string, string> = { en: 'Aa', ru: 'Aa Бб' };

/**
 * Resolves when the site's font (regular and bold, in the scripts `language` uses) is ready, or after
 * `timeoutMs`, whichever comes first. The first render waits for it, so text never reflows when the font
 * arrives (a layout shift); on a slow connection the fallback font shows after the timeout instead.
 */
export function fontsReady(language: string, timeoutMs = 1200): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  const sample = SAMPLES[language] ?? SAMPLES.en;
  const loads = ['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "Inter Variable"`, sample));
  const loaded = Promise.all(loads).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}
