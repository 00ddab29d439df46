import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Event } from '../../../contract/events';
import type { AppDeps } from '../../context';
import { ticketTypes } from '../../db/schema';
import type { HtmlTransform } from '../../http/spa';
import { publicDates } from '../event-dates/service';
import { getPublishedEvent } from '../events/service';
import { imageUrl } from '../images/url';
import { listEventTickets } from '../tickets/service';
import { eventJsonLd, renderJsonLd } from './eventJsonLd';

/** Where index.html expects page-specific tags (see index.html). */
export const META_MARKER = '<!--gatepass:meta-->';

const EVENT_PATH = /^\/event-details\/([^/?#]+)\/?$/;
const DESCRIPTION_MAX = 200;

/** Escapes text for an HTML attribute or element body (the five characters that matter). */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** One line, at most 200 characters, cut at a word with an ellipsis. */
export function summarise(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

export type PageMeta = {
  title: string;
  description: string;
  url: string;
  image: string | null;
  imageAlt: string;
  /** Ready-made <script type="application/ld+json"> block(s) (eventJsonLd.ts), or none. */
  structuredData?: string;
};

/** The tags a link preview (WhatsApp, X, Facebook, Slack, iMessage) reads. Everything escaped. */
export function renderMetaTags(meta: PageMeta): string {
  const tags: [string, string, string][] = [
    ['name', 'description', meta.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Gatepass'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.image) {
    tags.push(
      ['property', 'og:image', meta.image],
      ['property', 'og:image:alt', meta.imageAlt],
      ['name', 'twitter:image', meta.image],
      ['name', 'twitter:image:alt', meta.imageAlt],
    );
  }
  const lines = tags.map(
    ([attr, key, content]) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`,
  );
  lines.push(`<link rel="canonical" href="${escapeHtml(meta.url)}" />`);
  if (meta.structuredData) lines.push(meta.structuredData);
  return lines.join('\n    ');
}

/** Puts the tags at the marker, replaces the default <title> and drops the default description. */
export function applyMeta(html: string, meta: PageMeta): string {
  if (!html.includes(META_MARKER)) return html;
  return html
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(META_MARKER, () => renderMetaTags(meta));
}

async function posterKeyFallback(deps: AppDeps, event: Event): Promise<string | null> {
  if (event.image) return event.image;
  const [row] = await deps.db
    .select({ imageKey: ticketTypes.imageKey })
    .from(ticketTypes)
    .where(
      and(eq(ticketTypes.eventId, event._id), isNotNull(ticketTypes.imageKey), eq(ticketTypes.hidden, false)),
    )
    .orderBy(asc(ticketTypes.createdAt), asc(ticketTypes.id))
    .limit(1);
  return imageUrl(row?.imageKey ?? null);
}

/**
 * Answers `/event-details/:id` with the SPA's HTML carrying the event's title, description and
 * poster as Open Graph / Twitter tags, so shared links preview well (crawlers run no JavaScript).
 * Only published events: drafts and unknown ids get the plain HTML, and the SPA says "Event not found".
 */
export function openGraphTransform(deps: AppDeps): HtmlTransform {
  const appUrl = deps.config.appUrl;
  return async (request, html) => {
    const path = request.url.split('?')[0] ?? '';
    const match = EVENT_PATH.exec(path);
    if (!match) return null;
    let id: string;
    try {
      id = decodeURIComponent(match[1]!);
    } catch {
      return null;
    }
    const event = await getPublishedEvent(deps.db, id);
    if (!event) return null;
    const [poster, tickets, dates] = await Promise.all([
      posterKeyFallback(deps, event),
      // What the public page lists: no hidden type, whatever the request carries.
      listEventTickets(deps.db, event._id, null),
      publicDates(deps.db, event._id, null),
    ]);
    const url = `${appUrl}/event-details/${event._id}`;
    const image = poster ? `${appUrl}${poster}?w=1200` : null;
    const description = summarise(event.description || `${event.category} event on Gatepass`);
    return applyMeta(html, {
      title: `${event.eventName} — Gatepass`,
      description,
      url,
      image,
      imageAlt: `Poster for ${event.eventName}`,
      structuredData: renderJsonLd(
        eventJsonLd({ event, tickets: tickets ?? [], dates: dates ?? [], pageUrl: url, image, description }),
      ),
    });
  };
}
