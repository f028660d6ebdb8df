/** Expires every cookie the page can see (httpOnly session cookies are cleared by the server). */
export function clearCookies(doc: Document = document): void {
  for (const part of doc.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
