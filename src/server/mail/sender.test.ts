import { describe, expect, it } from 'vitest';
import { mailSender } from './transport';

describe('the sender of every letter, as the start-up log names it', () => {
  it('warns when neither MAIL_FROM nor PUBLIC_URL names the site: letters would come from localhost', () => {
    expect(mailSender({ mailFrom: undefined, publicUrl: undefined })).toEqual({
      from: '"Школьное волонтёрство" <noreply@localhost.localdomain>',
      line:
        'Почта: отправитель "Школьное волонтёрство" <noreply@localhost.localdomain> — ни MAIL_FROM, ни PUBLIC_URL не заданы: ' +
        'задайте PUBLIC_URL (адрес сайта) или MAIL_FROM, иначе почтовые серверы получателей могут отклонять письма',
    });
  });

  it('takes the host of PUBLIC_URL', () => {
    expect(mailSender({ mailFrom: undefined, publicUrl: 'https://volunteer.example.ru' })).toEqual({
      from: '"Школьное волонтёрство" <noreply@volunteer.example.ru>',
      line: 'Почта: отправитель "Школьное волонтёрство" <noreply@volunteer.example.ru> (по PUBLIC_URL)',
    });
  });

  it('takes MAIL_FROM as it is', () => {
    expect(
      mailSender({ mailFrom: 'Волонтёры <robot@example.ru>', publicUrl: 'https://volunteer.example.ru' }),
    ).toEqual({
      from: 'Волонтёры <robot@example.ru>',
      line: 'Почта: отправитель Волонтёры <robot@example.ru> (MAIL_FROM)',
    });
  });
});
