import { useCallback, useMemo, useState } from 'react';
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
  const inAddress = useMemo(() => address.read(params), [address, params]);
  const addressKey = useMemo(
    () => address.write(new URLSearchParams(), inAddress).toString(),
    [address, inAddress],
  );

  // The router applies a new address in a transition, after the click that asked for it; a checkbox
  // bound to the address alone would spring back until then. The list shows what was asked for at once,
  // and follows the address again as soon as it changes (the asked-for state, or Back).
  const [shown, setShown] = useState({ addressKey, state: inAddress });
  if (shown.addressKey !== addressKey) setShown({ addressKey, state: inAddress });
  const state = shown.addressKey === addressKey ? shown.state : inAddress;

  const change = useCallback(
    (next: ListState<Filters>, options: ListChangeOptions = {}) => {
      setShown({ addressKey, state: next });
      const search = address.write(params, next).toString();
      // Pressing a filter that is already on is no step back. The hash stays: dropping it would count as
      // a navigation to the top of the page (ScrollToHash).
      navigate(
        { search: search ? `?${search}` : '', hash },
        { replace: options.replace || search === params.toString(), preventScrollReset: true },
      );
    },
    [address, addressKey, params, hash, navigate],
  );

  return [state, change] as const;
}
