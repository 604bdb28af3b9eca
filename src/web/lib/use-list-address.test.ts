import { describe, expect, it } from 'vitest';
import { followAddress, type ShownList } from './use-list-address';

// The state is the search typed; the address key is the same text, as the list's address would carry it.
const showing = (search: string, asked: string[] = []): ShownList<string> => ({
  addressKey: `search=${search}`,
  state: search,
  asked: asked.map((text) => `search=${text}`),
});

describe('followAddress', () => {
  it('keeps showing what was typed when an older address it asked for lands after a newer request', () => {
    // «В» was applied, then «Во» and «Вол» were asked for; the router lands «Во» late.
    const typing = { ...showing('В', ['Во', 'Вол']), state: 'Вол' };
    const late = followAddress(typing, 'search=Во', 'Во');
    expect(late.state).toBe('Вол');
    expect(late.asked).toEqual(['search=Вол']);
    // Then the newest arrives and is followed.
    expect(followAddress(late, 'search=Вол', 'Вол')).toEqual(showing('Вол'));
  });

  it('follows the newest address it asked for, and any address it did not ask for (Back, a link)', () => {
    const typing = { ...showing('', ['Волги']), state: 'Волги' };
    expect(followAddress(typing, 'search=Волги', 'Волги')).toEqual(showing('Волги'));
    expect(followAddress(typing, 'search=Москва', 'Москва')).toEqual(showing('Москва'));
  });

  it('changes nothing while the address stays', () => {
    const shown = showing('Волги');
    expect(followAddress(shown, 'search=Волги', 'Волги')).toBe(shown);
  });
});
