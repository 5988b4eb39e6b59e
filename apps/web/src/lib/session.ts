/**
 * The staff panel's login, kept for this tab only (sessionStorage): closing the tab logs out, and no
 * other tab or later visit sees the token.
 */
const KEY = 'craftstats.panel.token';

export function loadToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveToken(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode quota): the login lasts until the page is left.
  }
}

export function dropToken(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
