import { type FormEvent, useCallback, useRef } from 'react';

/**
 * A form that moves money is sent at most once at a time. The confirm button is disabled only once React has
 * rendered the mutation's pending state, which TanStack Query announces on a later task: a second tap (or Enter)
 * before that would send the form again. The returned wrapper ignores a submit while the previous one is still
 * being sent (checks and request), and always keeps the browser from sending the form itself. `send` reports its
 * own failures (the mutation's error state): a rejection here is a bug, left to surface as one.
 */
export function useSubmitOnce() {
  const sending = useRef(false);
  return useCallback(
    (send: (event: FormEvent<HTMLFormElement>) => unknown) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (sending.current) return;
      sending.current = true;
      const release = () => {
        sending.current = false;
      };
      try {
        void Promise.resolve(send(event)).finally(release);
      } catch (error) {
        release();
        throw error;
      }
    },
    [],
  );
}
