import { shareCardTexts } from '../../shared/share-cards';
import type { MailMessage } from './outbox';

export interface RenderedLetter {
  subject: string;
  html: string;
  text: string;
}

export interface LetterSetting {
  /** The site's address as recipients reach it; every path in the letter is made absolute with it. */
  origin: string;
  /** The page that turns this kind of letter off, and the kind's name; absent for account letters. */
  unsubscribe?: { url: string; kindLabel: string };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const letterTexts = {
  footer: (site: string) => `Это письмо отправлено сайтом «${site}».`,
  unsubscribe: (kind: string) => `Не хотите получать письма «${kind}»? Отписаться:`,
  unsubscribeLink: 'отписаться',
} as const;

/**
 * Draws a queued message as the letter people read: the site's name, the text, the details, one link to
 * act on, and how to stop this kind of letter. HTML for mail programs and the same words as plain text
 * for those that show no HTML; inline styles only, as mail programs drop style sheets.
 */
export function renderLetter(message: MailMessage, setting: LetterSetting): RenderedLetter {
  const site = shareCardTexts.siteName;
  const actionUrl = message.action ? new URL(message.action.path, setting.origin).toString() : undefined;
  const details = message.details ?? [];

  const text = [
    site,
    '',
    ...message.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(details.length > 0 ? [...details.map(({ label, value }) => `${label}: ${value}`), ''] : []),
    ...(message.action && actionUrl ? [`${message.action.label}: ${actionUrl}`, ''] : []),
    '—',
    letterTexts.footer(site),
    ...(setting.unsubscribe
      ? [`${letterTexts.unsubscribe(setting.unsubscribe.kindLabel)} ${setting.unsubscribe.url}`]
      : []),
  ].join('\n');

  const paragraph = (content: string) => `<p style="margin:0 0 12px">${escapeHtml(content)}</p>`;
  const html = [
    '<!doctype html><html lang="ru"><head><meta charset="utf-8">',
    `<title>${escapeHtml(message.subject)}</title></head>`,
    '<body style="margin:0;padding:16px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 16px;font-weight:bold;color:#2563eb">${escapeHtml(site)}</p>`,
    ...message.paragraphs.map(paragraph),
    details.length > 0
      ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${details
          .map(
            ({ label, value }) =>
              `<tr><td style="padding:2px 12px 2px 0;color:#52606d;vertical-align:top">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    message.action && actionUrl
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(actionUrl)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px">${escapeHtml(message.action.label)}</a></p>`
      : '',
    `<p style="margin:24px 0 0;font-size:12px;color:#7b8794">${escapeHtml(letterTexts.footer(site))}`,
    setting.unsubscribe
      ? ` ${escapeHtml(letterTexts.unsubscribe(setting.unsubscribe.kindLabel))} <a href="${escapeHtml(setting.unsubscribe.url)}" style="color:#7b8794">${letterTexts.unsubscribeLink}</a>`
      : '',
    '</p></div></body></html>',
  ].join('');

  return { subject: message.subject, html, text };
}
