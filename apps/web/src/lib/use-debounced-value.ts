import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delay` milliseconds: a search asks the server when typing pauses. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
