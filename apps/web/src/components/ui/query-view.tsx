import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { LoadingRegion } from './skeleton';

/** The parts of a TanStack Query result this component reads (components/ui stays free of the library). */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** Skeletons shaped like the content; a few bars when not given. */
  skeleton?: ReactNode;
  /** What is loading, for screen readers. */
  loadingLabel?: string;
  /** What could not be loaded, the error's title. */
  errorTitle?: string;
  className?: string;
  /** The content, once the data is there. An empty list is the content's business (its empty state). */
  children: (data: T) => ReactNode;
}

/**
 * One read's three faces: skeletons while it loads, a translated error with Retry when it fails, the content
 * when it answers. Data already shown stays while a background refresh runs or fails.
 */
export function QueryView<T>({ query, skeleton, loadingLabel, errorTitle, className, children }: QueryViewProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <ErrorState
        error={query.error}
        title={errorTitle}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className={className}
      />
    );
  }
  return (
    <LoadingRegion label={loadingLabel} className={className}>
      {skeleton}
    </LoadingRegion>
  );
}
