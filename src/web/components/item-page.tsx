import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { ApiError } from '../api/client';
import { FramedLoadError } from './load-error';
import { NotFound } from './not-found';
import { Spinner } from './ui/spinner';

/**
 * A public page about one thing (an event, a foundation) until the thing is there: not found for a bad
 * address or one the server does not know, a failure with a retry, else a spinner.
 */
export function ItemPage<T>({
  id,
  query,
  notFound,
  loadFailed,
  loadingLabel,
  children,
}: {
  id: number | undefined;
  query: UseQueryResult<T>;
  notFound: ComponentProps<typeof NotFound>;
  loadFailed: string;
  loadingLabel?: string;
  children: (item: T) => ReactNode;
}) {
  const { error } = query;
  if (id === undefined || (error instanceof ApiError && (error.status === 404 || error.status === 400))) {
    return <NotFound {...notFound} />;
  }
  if (query.isError)
    return <FramedLoadError frame="page" text={loadFailed} onRetry={() => void query.refetch()} />;
  // As tall as the screen: the footer stays out of sight instead of jumping down when the page arrives.
  if (query.isPending) return <Spinner className="min-h-screen" label={loadingLabel} />;
  return children(query.data);
}
