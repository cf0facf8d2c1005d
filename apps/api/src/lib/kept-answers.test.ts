import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers';

describe('KeptAnswers', () => {
  it('answers only at the generation the answer was built at', () => {
    const kept = new KeptAnswers();
    kept.set('a', 3, null, '{"n":1}');
    expect(kept.get('a', 3, 0)).toBe('{"n":1}');
    expect(kept.get('a', 4, 0)).toBeUndefined();
    // A moved generation drops the entry: going back to the old number does not bring it back.
    expect(kept.get('a', 3, 0)).toBeUndefined();
  });

  it('stops answering when its time runs out', () => {
    const kept = new KeptAnswers();
    kept.set('a', 1, 1_000, 'x');
    expect(kept.get('a', 1, 999)).toBe('x');
    expect(kept.get('a', 1, 1_000)).toBeUndefined();
  });

  it('drops the least recently used entry past its size', () => {
    const kept = new KeptAnswers(2);
    kept.set('a', 1, null, 'a');
    kept.set('b', 1, null, 'b');
    expect(kept.get('a', 1, 0)).toBe('a');
    kept.set('c', 1, null, 'c');
    expect(kept.get('b', 1, 0)).toBeUndefined();
    expect(kept.get('a', 1, 0)).toBe('a');
    expect(kept.get('c', 1, 0)).toBe('c');
    expect(kept.size).toBe(2);
  });
});
