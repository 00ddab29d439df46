import type { Event, SocialLinks } from '../../../contract/events';
import { whatsappChatUrl, whatsappTextUrl } from '../../lib/whatsapp';

/** Opens the address in Google Maps (a link, no embedded map that would need the network). */
export function directionsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** Only http(s) links ever become hrefs: an organiser-typed `javascript:` URL must not run. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export type SocialKind = keyof SocialLinks;

export const SOCIAL_LABELS: Record<SocialKind, string> = {
  website: 'Website',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  telegram: 'Telegram',
};

const HANDLE_BASES: Partial<Record<SocialKind, string>> = {
  twitter: 'https://x.com/',
  instagram: 'https://instagram.com/',
  facebook: 'https://facebook.com/',
  telegram: 'https://t.me/',
};

/**
 * An organiser's social entry as a link. Organisers type full URLs, bare domains, `@handles` or,
 * for WhatsApp, a phone number; each becomes a safe https link, or nothing when it cannot.
 */
export function socialHref(kind: SocialKind, value: string | null): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (kind === 'whatsapp') {
    const chat = whatsappChatUrl(v);
    if (chat) return chat;
  }
  const base = HANDLE_BASES[kind];
  if (base && /^@?[A-Za-z0-9_.]{1,64}$/.test(v) && !v.includes('.')) return `${base}${v.replace(/^@/, '')}`;
  if (base && /^@[A-Za-z0-9_.]{1,64}$/.test(v)) return `${base}${v.slice(1)}`;
  return safeHttpUrl(v);
}

/** The organiser's socials that are present and linkable, in a fixed order. */
export function presentSocials(socials: SocialLinks): { kind: SocialKind; href: string }[] {
  return (Object.keys(SOCIAL_LABELS) as SocialKind[]).flatMap((kind) => {
    const href = socialHref(kind, socials[kind]);
    return href ? [{ kind, href }] : [];
  });
}

export function shareText(event: Event): string {
  return `${event.eventName} on Gatepass`;
}

export function whatsappShareUrl(event: Event, pageUrl: string): string {
  return whatsappTextUrl(`${shareText(event)}: ${pageUrl}`);
}

export function xShareUrl(event: Event, pageUrl: string): string {
  return `https://x.com/intent/post?text=${encodeURIComponent(shareText(event))}&url=${encodeURIComponent(pageUrl)}`;
}
