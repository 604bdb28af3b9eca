import { createContext, type ReactNode, useContext, useEffect } from 'react';
import type { ShareCardKind } from '../../shared/share-cards';
import { shareCardPath } from '../../shared/share-cards';
import { isUsableImage } from '../lib/placeholder';
import { headTexts, siteName } from './layout/site-texts';

/**
 * What a page says about itself in the document's <head>. The app renders only #root, where React does
 * not hoist <title> and <meta>; so each page reports its head through usePageHead: on the server into a
 * collector that src/server/pages/rendered-pages.ts writes into index.html's <head> (link previews in VK
 * and Telegram run no scripts), in the browser straight into the document as the visitor navigates.
 */
export interface PageHead {
  /** The page's own name; the site's name is added after it. None on the home page. */
  title?: string;
  description?: string;
  /** The server answers 404 for this page. */
  notFound?: boolean;
  /** Search engines are asked not to index the page (a code's facts are for whoever holds the code). */
  noindex?: boolean;
  /** For pages worth a link preview: Open Graph and Twitter card tags. */
  share?: {
    /** The page's one address, whichever alias it was opened under. */
    path: string;
    /** A path on this site or an absolute http(s) address. */
    image: string;
    type: 'article' | 'website';
  };
}

/** Filled while the server draws a page; the last page to report wins, as the innermost is drawn last. */
export interface PageHeadCollector {
  head: PageHead | undefined;
}

const PageHeadContext = createContext<PageHeadCollector | null>(null);

export function PageHeadProvider({
  collector,
  children,
}: {
  collector: PageHeadCollector;
  children: ReactNode;
}) {
  return <PageHeadContext value={collector}>{children}</PageHeadContext>;
}

export const documentTitle = (head: PageHead) => (head.title ? `${head.title} — ${siteName}` : siteName);
export const documentDescription = (head: PageHead) => head.description || headTexts.description;

/** The entity's own picture, or the generated card with its title when it has none worth showing. */
export function shareImage(picture: string | null | undefined, kind: ShareCardKind, id: number): string {
  return isUsableImage(picture) ? picture : shareCardPath(kind, id);
}

/** A description of at most `max` characters, cut at a word, from text that may run for pages. */
export function summary(text: string | null | undefined, max = 200): string | undefined {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat || undefined;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length).trimEnd()}…`;
}

export function usePageHead(head: PageHead) {
  const collector = useContext(PageHeadContext);
  // NOTE: on the server effects never run, so the page is reported while it renders; rendering again
  // reports the same head.
  if (collector) collector.head = head;
  const title = documentTitle(head);
  const description = documentDescription(head);
  const noindex = head.noindex ?? false;
  useEffect(() => {
    const robots = document.querySelector('meta[name="robots"]');
    if (noindex && !robots) {
      const tag = document.createElement('meta');
      tag.name = 'robots';
      tag.content = 'noindex';
      document.head.append(tag);
    } else if (!noindex) robots?.remove();
  }, [noindex]);
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    // The preview tags the server drew describe the page it drew; after navigating away they would
    // describe another page, so they go.
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical && new URL(canonical.href).pathname !== window.location.pathname) {
      for (const tag of document.head.querySelectorAll('[data-page-head]')) tag.remove();
    }
  }, [title, description]);
}
