/**
 * WhatsApp links, the one place they are built. `wa.me` needs the number as digits in international
 * form (no +, no leading 0), so Nigerian local numbers (0803…) become 234803….
 */

/** A wa.me link that opens WhatsApp with `text` ready to send to a contact the sender picks. */
export function whatsappTextUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** A phone number as wa.me wants it, or null when it is not one. */
export function whatsappDigits(phone: string): string | null {
  if (!/^\+?[\d\s()-]{7,}$/.test(phone.trim())) return null;
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('0')) digits = `234${digits.slice(1)}`; // Nigerian local format 0803… → 234803…
  return digits;
}

/** A wa.me chat with one number (an organiser's WhatsApp contact), or null when it is not a number. */
export function whatsappChatUrl(phone: string): string | null {
  const digits = whatsappDigits(phone);
  return digits ? `https://wa.me/${digits}` : null;
}
