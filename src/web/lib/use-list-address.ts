import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ListAddress, ListState } from '../../shared/list-addresses';

export interface ListChangeOptions {
  /** Replaces the current history entry instead of adding one: for typing, where each pause is no step. */
  replace?: boolean;
}

/**
 * A list's filters and page, read from the address and written back into it, so Back, a reload and a
 * shared link show the same list. Parameters of anything else on the page stay untouched.
 */
export function useListAddress<Filters>(address: ListAddress<Filters>) {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => address.read(params), [address, params]);

  const change = useCallback(
    (next: ListState<Filters>, options: ListChangeOptions = {}) => {
      const search = address.write(params, next).toString();
      // Pressing a filter that is already on is no step back. The hash stays: dropping it would count as
      // a navigation to the top of the page (ScrollToHash).
      navigate(
        { search: search ? `?${search}` : '', hash },
        { replace: options.replace || search === params.toString(), preventScrollReset: true },
      );
    },
    [address, params, hash, navigate],
  );

  return [state, change] as const;
}
