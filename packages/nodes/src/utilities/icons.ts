/** A round badge on a 64×64 grid with `content` drawn in `foreground` (its `currentColor`). */
function badge(background: string, foreground: string, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" color="${foreground}"><circle cx="32" cy="32" r="30" fill="${background}"/>${content}</svg>`;
}

/** A round badge with a glyph: every node type has an icon, drawn here rather than shipped as files. */
export function badgeIcon(glyph: string, background: string, foreground = '#ffffff'): string {
  return badge(
    background,
    foreground,
    `<text x="32" y="41" font-family="Inter,Arial,sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="currentColor">${glyph}</text>`,
  );
}

/**
 * Drawn pictograms for badges whose symbol is not a letter: a font may lack the glyph (Debian's
 * Chromium shows an empty box for ⑂ or ✋), a path never does. Paths are on the badge's 64×64 grid.
 */
export const PICTOGRAMS = {
  /** A path forking in two, with its three ends. */
  branch:
    '<path d="M32 48V32M32 32L21 20M32 32L43 20" fill="none" stroke="currentColor" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/><circle cx="32" cy="48" r="4.5" fill="currentColor"/><circle cx="21" cy="19" r="4.5" fill="currentColor"/><circle cx="43" cy="19" r="4.5" fill="currentColor"/>',
  /** A person: head and shoulders. */
  person:
    '<circle cx="32" cy="24" r="8" fill="currentColor"/><path d="M17 47c0-8.3 6.7-14 15-14s15 5.7 15 14z" fill="currentColor"/>',
  /** A wrench. */
  wrench:
    '<path d="M40.5 17.5a9 9 0 0 0-11.6 11.4L17 40.8a3.5 3.5 0 0 0 5 5l11.9-11.9a9 9 0 0 0 11.4-11.6l-5.6 5.6-4.6-1.1-1.1-4.6z" fill="currentColor"/>',
  /** A clock at ten past ten. */
  clock:
    '<circle cx="32" cy="32" r="15" fill="none" stroke="currentColor" stroke-width="4"/><path d="M32 23v9l6 4" fill="none" stroke="currentColor" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>',
} as const;

/** A round badge with a drawn pictogram (see {@link PICTOGRAMS}). */
export function pictogramIcon(
  pictogram: keyof typeof PICTOGRAMS,
  background: string,
  foreground = '#ffffff',
): string {
  return badge(background, foreground, PICTOGRAMS[pictogram]);
}
