/*
 * Link targets from what a person typed, without zod: public pages import these to build an href and
 * keep zod out of their first bundle (catalog.ts does the same for the filters). links.ts builds the
 * form and route rules on them.
 */

const scheme = /^[a-z][a-z\d+.-]*:/i;
/** A host people can reach: labels of letters, digits and hyphens with a dot between at least two. */
const publicHost = /^(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z\d-]{2,}$/i;

/**
 * The http(s) address a person typed, or undefined when it is none: any other scheme (javascript:,
 * data:, vbscript:, ftp:), a host without a dot (what 'https://' + '@name' made), a user or password
 * before the host, and spaces are refused. A bare 'vk.com/name' gets https://.
 */
export function toHttpLink(value: string): string | undefined {
  const text = value.trim();
  if (text === '' || /\s/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(scheme.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '' || !publicHost.test(url.hostname)) return undefined;
  return url.href;
}

const telegramName = /^@?([a-z\d_]{3,64})$/i;
const telegramHosts = new Set(['t.me', 'telegram.me', 'www.t.me', 'www.telegram.me']);

/**
 * A Telegram contact as a link: '@name', a bare 'name', 't.me/name' and 'https://t.me/name' all become
 * 'https://t.me/name' (the path of an invite link is kept). Links to other sites are refused.
 */
export function toTelegramLink(value: string): string | undefined {
  const text = value.trim();
  const name = telegramName.exec(text)?.[1];
  if (name) return `https://t.me/${name}`;
  const link = toHttpLink(text);
  if (!link) return undefined;
  const url = new URL(link);
  if (!telegramHosts.has(url.hostname) || url.pathname.length < 2) return undefined;
  return `https://t.me${url.pathname}${url.search}${url.hash}`;
}
