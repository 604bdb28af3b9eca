// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationState } from '../../../shared/applications';
import type { Session } from '../../../shared/auth';
import type { EventDetail } from '../../../shared/events';
import type { Profile } from '../../../shared/profile';
import { setApiTransport } from '../../api/client';
import { jsonAnswer, restoreApiTransport } from '../../test/fake-api';
import { eventDetail, schoolProfile, sessionOf } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { EventDetailPage } from './event-detail-page';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

const notApplied: ApplicationState = {
  isRegistered: false,
  status: null,
  applicationId: null,
  participantCount: null,
  waitlistPosition: null,
};

/**
 * /events/{id}, the API answering as the server does: the event, the session, and for a school its
 * profile and whether it applied.
 */
function openEvent(event: EventDetail, profile: Profile | null) {
  const asked: string[] = [];
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    if (path === '/api/session') {
      const session: Session = {
        user: profile ? sessionOf(profile).user : null,
      };
      return jsonAnswer(session);
    }
    if (path === '/api/profile' && profile) return jsonAnswer(profile);
    if (path === `/api/events/${event.id}`) return jsonAnswer(event);
    if (path === `/api/events/${event.id}/application-status`) return jsonAnswer(notApplied);
    return jsonAnswer({ message: 'Не найдено' }, 404);
  });
  renderAt(`/events/${event.id}`, <EventDetailPage />, { route: '/events/:id' });
  return asked;
}

const pastEvent = eventDetail(12, {
  title: 'Уборка берега Волги',
  date: '2026-09-12',
  isPastEvent: true,
  dayHasCome: true,
  remainingSlots: 7,
});

describe('the page of an event', () => {
  it.each([
    ['a visitor', null],
    ['an approved school', schoolProfile()],
  ])(
    'shows %s that a past event is over and takes no applications, with no «Записаться»',
    async (_, profile) => {
      const asked = openEvent(pastEvent, profile);

      expect(await screen.findByRole('heading', { level: 1, name: 'Уборка берега Волги' })).toBeTruthy();
      expect(screen.getByText('Уже прошло')).toBeTruthy();
      expect(screen.getByText('Мероприятие завершено')).toBeTruthy();
      const application = screen.getByRole('region', { name: 'Регистрация' });
      expect(within(application).getByText('Регистрация на прошедшие мероприятия недоступна')).toBeTruthy();
      expect(within(application).queryByRole('button')).toBeNull();
      expect(within(application).queryByRole('link')).toBeNull();
      expect(screen.queryByText(/Записаться|Осталось мест/)).toBeNull();
      expect(screen.queryByRole('link', { name: 'Добавить в календарь' })).toBeNull();
      expect(asked).not.toContain(`POST /api/events/${pastEvent.id}/register`);
    },
  );

  it('tells a school awaiting moderation to wait for the moderator, and offers no way to apply', async () => {
    openEvent(eventDetail(5), schoolProfile({ moderationStatus: 'pending', moderatedAt: null }));

    const application = await screen.findByRole('region', { name: 'Регистрация' });
    expect(
      await within(application).findByText(
        'Дождитесь одобрения модератором чтобы регистрироваться на мероприятия',
      ),
    ).toBeTruthy();
    expect(within(application).queryByRole('button')).toBeNull();
  });
});
