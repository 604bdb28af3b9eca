// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SchoolApplicationsOldAlias } from './school-applications-old-alias';

afterEach(cleanup);

function Arrived() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search}${location.hash}`}</p>;
}

function open(address: string) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/school-applications-old" element={<SchoolApplicationsOldAlias />} />
        <Route path="*" element={<Arrived />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the old address of the applications page', () => {
  it.each([
    ['/school-applications-old', '/school-applications'],
    ['/school-applications-old?tab=my-applications', '/school-applications'],
    ['/school-applications-old?tab=available', '/events'],
    ['/school-applications-old?event=12', '/events/12#application'],
    ['/school-applications-old?event=12abc', '/school-applications'],
  ])('sends %s to %s', async (address, destination) => {
    open(address);
    expect((await screen.findByRole('paragraph')).textContent).toBe(destination);
  });
});
