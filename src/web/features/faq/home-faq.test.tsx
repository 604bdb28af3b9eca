// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { HomeFaq } from './home-faq';

afterEach(cleanup);

describe("the home page's FAQ", () => {
  it('shows 5 questions, keeps one answer open at a time and links to all questions', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <HomeFaq />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Часто задаваемые вопросы' });
    expect(within(section).getAllByRole('button', { expanded: false })).toHaveLength(5);

    const hours = within(section).getByRole('button', { name: 'Как засчитываются волонтёрские часы?' });
    const age = within(section).getByRole('button', { name: 'Можно ли участвовать младше 14 лет?' });
    await user.click(hours);
    expect(within(section).getByText(/Часы подтверждает организатор/)).toBeTruthy();
    await user.click(age);
    expect(within(section).getByText(/с письменного согласия родителей/)).toBeTruthy();
    expect(hours.getAttribute('aria-expanded')).toBe('false');
    expect(within(section).queryByText(/Часы подтверждает организатор/)).toBeNull();
    // The open answer closes again.
    await user.click(age);
    expect(age.getAttribute('aria-expanded')).toBe('false');
    expect(within(section).getAllByRole('button', { expanded: false })).toHaveLength(5);

    expect(within(section).getByRole('link', { name: 'Все вопросы' }).getAttribute('href')).toBe('/faq');
  });
});
