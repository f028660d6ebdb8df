/** A round badge with a glyph: every node type has an icon, drawn here rather than shipped as files. */
export function badgeIcon(glyph: string, background: string, foreground = '#ffffff'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="${background}"/><text x="32" y="41" font-family="Inter,Arial,sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="${foreground}">${glyph}</text></svg>`;
}
