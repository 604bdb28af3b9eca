import type { FoundationCard, FoundationList } from '../../../shared/foundations';
import { paginationOf } from '../../../shared/pagination';
import { fakeApi, jsonAnswer } from '../../test/fake-api';

/**
 * Fakes GET /api/foundations over `catalogue` as the server answers it: filtered by search and
 * directions, one page of what matches; totalCount counts what matches, overallCount every approved
 * foundation (src/server/foundations/foundations.test.ts holds the server to that). Gives what was asked.
 */
export function fakeFoundationsApi(catalogue: FoundationCard[]): string[] {
  return fakeApi(({ path }) => {
    const query = new URL(path, 'http://localhost').searchParams;
    const search = (query.get('search') ?? '').toLowerCase();
    const wanted = (query.get('directions') ?? '').split(',').filter(Boolean);
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    const found = catalogue.filter(
      (item) =>
        item.name.toLowerCase().includes(search) &&
        (wanted.length === 0 || item.directions.some((direction) => wanted.includes(direction))),
    );
    const answer: FoundationList = {
      foundations: found.slice((page - 1) * limit, page * limit),
      pagination: { ...paginationOf(page, limit, found.length), overallCount: catalogue.length },
    };
    return jsonAnswer(answer);
  }).asked;
}
