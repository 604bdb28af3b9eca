import { shareCardSize } from '../../shared/share-cards';
import { siteName } from './layout/site-texts';
import { documentDescription, documentTitle, type PageHead } from './page-head';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.codePointAt(0)};`);

/**
 * The <head> tags of a page the server drew (only the server needs this, so it is apart from
 * page-head.tsx and costs the browser nothing). `origin` is the site's public address: link previews
 * need absolute addresses. Tags the browser removes on navigation carry data-page-head.
 */
export function headMarkup(head: PageHead, options: { origin: string; path: string }): string {
  const absolute = (address: string) => new URL(address, options.origin).href;
  const title = escapeHtml(documentTitle(head));
  const description = escapeHtml(documentDescription(head));
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}" />`];
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
  if (head.notFound) return tags.join('');

  const url = escapeHtml(absolute(head.share?.path ?? options.path));
  tags.push(`<link rel="canonical" href="${url}" data-page-head />`);
  const share = head.share;
  if (share) {
    const image = escapeHtml(absolute(share.image));
    const meta = (attribute: 'property' | 'name', name: string, content: string) =>
      tags.push(`<meta ${attribute}="${name}" content="${content}" data-page-head />`);
    meta('property', 'og:site_name', escapeHtml(siteName));
    meta('property', 'og:locale', 'ru_RU');
    meta('property', 'og:type', share.type);
    meta('property', 'og:title', title);
    meta('property', 'og:description', description);
    meta('property', 'og:url', url);
    meta('property', 'og:image', image);
    if (share.image.startsWith('/api/share-cards/')) {
      meta('property', 'og:image:width', String(shareCardSize.width));
      meta('property', 'og:image:height', String(shareCardSize.height));
    }
    meta('name', 'twitter:card', 'summary_large_image');
    meta('name', 'twitter:title', title);
    meta('name', 'twitter:description', description);
    meta('name', 'twitter:image', image);
  }
  return tags.join('');
}
