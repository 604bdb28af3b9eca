// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FaqPage } from './faq-page';

afterEach(cleanup);

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/faq']}>
      <FaqPage />
    </MemoryRouter>,
  );
  return {
    search: screen.getByRole('searchbox', { name: 'Поиск по вопросам' }) as HTMLInputElement,
    /** The questions shown: each is a button that opens its answer. */
    questions: () => screen.queryAllByRole('button', { expanded: false }),
    question: (name: string) => screen.queryByRole('button', { name }),
  };
}

describe('the FAQ page', () => {
  it('lists 14 questions and finds them by any letter case, and with е for ё', async () => {
    const user = userEvent.setup();
    const { search, questions, question } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Часто задаваемые вопросы' })).toBeTruthy();
    expect(questions()).toHaveLength(14);

    await user.type(search, 'СОГЛАСИ');
    expect(question('Можно ли участвовать младше 14 лет?')).toBeTruthy();
    expect(question('Нужна ли регистрация, чтобы посмотреть мероприятия?')).toBeNull();
    expect(questions().length).toBeLessThan(14);

    // Typed with е, written with ё in the question.
    await user.clear(search);
    await user.type(search, 'волонтер сам');
    expect(questions().map((button) => button.textContent)).toEqual([
      'Могу ли я зарегистрироваться как волонтёр сам, без школы?',
    ]);
  });

  it('says «Ничего не найдено» when nothing matches, and «Сбросить поиск» brings all back', async () => {
    const user = userEvent.setup();
    const { search, questions } = renderPage();

    await user.type(search, 'абракадабра');
    expect(screen.getByText('Ничего не найдено')).toBeTruthy();
    expect(questions()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Сбросить поиск' }));
    expect(search.value).toBe('');
    expect(questions()).toHaveLength(14);
    expect(screen.queryByText('Ничего не найдено')).toBeNull();
  });

  it('shows the 2 questions for foundations under «Фондам», and opens one answer at a time', async () => {
    const user = userEvent.setup();
    const { questions, question } = renderPage();

    const foundations = screen.getByRole('button', { name: 'Фондам' });
    await user.click(foundations);
    expect(foundations.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Все' }).getAttribute('aria-pressed')).toBe('false');
    expect(questions()).toHaveLength(2);
    expect(question('Как записать учеников на мероприятие?')).toBeNull();

    const first = question('Как фонду начать публиковать мероприятия?') as HTMLElement;
    const second = question('Как рассматривать заявки школ?') as HTMLElement;
    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/дождитесь проверки модератора/)).toBeTruthy();
    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/дождитесь проверки модератора/)).toBeNull();
  });

  it('tells where to ask what the page does not answer', () => {
    renderPage();

    const support = screen.getByRole('region', { name: 'Не нашли ответа?' });
    expect(within(support).getByText(/в течение 24 часов/)).toBeTruthy();
    expect(
      within(support).getByRole('link', { name: 'team@shkola-volonter.example' }).getAttribute('href'),
    ).toBe('mailto:team@shkola-volonter.example');
    expect(within(support).getByRole('link', { name: 'Сообщество в Telegram' }).getAttribute('href')).toMatch(
      /^https:\/\/t\.me\//,
    );
  });
});
