/**
 * The address that opens a support channel in its own app: mail for email, Telegram and WhatsApp by their
 * public links. Built from the operator's value, never taken as given: anything else (or a value that does
 * not fit its channel) gets no link, and the customer copies it instead.
 */
export function contactLink(type: string, value: string): string | null {
  const text = value.trim();
  switch (type) {
    case "email":
      return /^[^\s@/:?#]+@[^\s@/:?#]+\.[^\s@/:?#]+$/.test(text) ? `mailto:${text}` : null;
    case "telegram": {
      const name = text.replace(/^(https?:\/\/)?(t\.me|telegram\.me)\//i, "").replace(/^@/, "");
      return /^[A-Za-z0-9_]{4,32}$/.test(name) ? `https://t.me/${name}` : null;
    }
    case "whatsapp": {
      const digits = text.replace(/^(https?:\/\/)?wa\.me\//i, "").replace(/[\s()+-]/g, "");
      return /^\d{6,15}$/.test(digits) ? `https://wa.me/${digits}` : null;
    }
    default:
      return null;
  }
}
