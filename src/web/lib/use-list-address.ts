import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ListAddress, ListState } from '../../shared/list-addresses';

export interface ListChangeOptions {
  /** Replaces the current history entry instead of adding one: for typing, where each pause is no step. */
  replace?: boolean;
}

/**
 * What a list shows: the state of `addressKey`, the address it last followed, and the addresses it asked
 * the router for that have not arrived yet, oldest first.
 */
export interface ShownList<State> {
  addressKey: string;
  state: State;
  asked: readonly string[];
}

/**
 * The list's answer to the address changing to `addressKey`. The router applies each address in a
 * transition, some time after the list asked for it; under load an older one the list asked for can
 * land after a newer request (a search typed in pauses: «В», then «Во»…). That one is passed over, or
 * the box would jump back and lose what was typed since. Any other address (the newest asked for, Back,
 * a link) is followed.
 */
export function followAddress<State>(
  shown: ShownList<State>,
  addressKey: string,
  inAddress: State,
): ShownList<State> {
  if (shown.addressKey === addressKey) return shown;
  const position = shown.asked.indexOf(addressKey);
  if (position !== -1 && position < shown.asked.length - 1) {
    return { addressKey, state: shown.state, asked: shown.asked.slice(position + 1) };
  }
  return { addressKey, state: inAddress, asked: [] };
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
  const keyOf = useCallback(
    (state: ListState<Filters>) => address.write(new URLSearchParams(), state).toString(),
    [address],
  );
  const addressKey = useMemo(() => keyOf(inAddress), [keyOf, inAddress]);

  // The list shows what was asked for at once (a checkbox bound to the address alone would spring back
  // until the router applies it) and follows the address again as followAddress decides.
  const [shown, setShown] = useState<ShownList<ListState<Filters>>>({
    addressKey,
    state: inAddress,
    asked: [],
  });
  const followed = followAddress(shown, addressKey, inAddress);
  if (followed !== shown) setShown(followed);

  const change = useCallback(
    (next: ListState<Filters>, options: ListChangeOptions = {}) => {
      setShown((current) => ({ ...current, state: next, asked: [...current.asked, keyOf(next)] }));
      const search = address.write(params, next).toString();
      // Pressing a filter that is already on is no step back. The hash stays: dropping it would count as
      // a navigation to the top of the page (ScrollToHash).
      navigate(
        { search: search ? `?${search}` : '', hash },
        { replace: options.replace || search === params.toString(), preventScrollReset: true },
      );
    },
    [address, keyOf, params, hash, navigate],
  );

  return [followed.state, change] as const;
}
